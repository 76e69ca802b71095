"""--demo：离线回放。没有 key、服务商地址是死的，也要跑出章节的过程；每一步只看请求。"""

import json
import re

import pytest
from conftest import QUESTION, ROOT, ROUNDS, answered, our_tool, run_main

import agent
import tools
from support.demo.model import demo_client, next_step
from support.demo.question import understand
from support.terminal import preview
from tools import TOOLS

PROJECT = str(ROOT / "examples" / "my-project")


def demo(*args, cwd, input=None):
    # OPENAI_API_KEY 为空，OPENAI_BASE_URL 指向一个没人监听的端口：任何网络请求都会失败
    return run_main("--demo", *args, cwd=cwd, input=input)


def tool_calls_in(out):
    return re.findall(r"\[调用工具\] (.*)", out)


def answer_of(out):
    assert "[最终回复]" in out, out
    return out.split("[最终回复]", 1)[1].split("（离线回放")[0].split("(Offline replay")[0]


def ask(question, capsys, messages=None):
    """在本进程里用离线模型问一个问题，返回打印的内容。"""
    agent.run(question, messages, max_rounds=ROUNDS, client=demo_client(), model="demo")
    return capsys.readouterr().out


def first_step(question):
    return next_step([{"role": "system", "content": "规则"}, {"role": "user", "content": question}], TOOLS)


# ── 章节的那次对话 ───────────────────────────────────────────
def test_demo_reproduces_the_chapter_transcript_offline(project):
    result = demo(QUESTION, cwd=project)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2", "3", "4"]
    assert tool_calls_in(out) == [
        'list_files({"path": "."})',
        'read_file({"path": "package.json"})',
        'read_file({"path": "README.md"})',
    ]
    answer = answer_of(out)
    for expected in ["前端：React 18.2", "后端：Express 4.18（Node.js）", "测试：Jest 29.7", "react-dom 18.2"]:
        assert expected in answer  # 每个依赖都带着版本列出来
    assert "离线回放" in out and "模型调用 4 次，工具执行 3 次" in out


def test_demo_answer_follows_the_files_not_a_script(project):
    (project / "package.json").write_text(
        json.dumps({"dependencies": {"vue": "^3.4.0", "koa": "^2.15.0"}, "devDependencies": {"vitest": "^1.6.0"}}),
        encoding="utf-8",
    )
    answer = answer_of(demo(QUESTION, cwd=project).stdout)
    assert "Vue 3.4" in answer and "Koa 2.15" in answer and "Vitest 1.6" in answer
    assert "React" not in answer.split("项目说明")[0]


def test_demo_with_two_rounds_hits_the_limit(project):
    result = demo("--max-rounds", "2", QUESTION, cwd=project)
    assert result.returncode == 1
    assert "[警告] 达到最大轮次 2，停止执行。" in result.stdout and "[最终回复]" not in result.stdout


def test_show_messages_prints_the_chapters_message_list(project):
    result = demo("--show-messages", QUESTION, cwd=project)
    messages = json.loads(result.stdout[result.stdout.index("\n[\n") + 1 :])
    assert [m["role"] for m in messages] == ["system", "user"] + ["assistant", "tool"] * 3 + ["assistant"]
    assert messages[3]["tool_call_id"] == messages[2]["tool_calls"][0]["id"]


def test_demo_from_the_repository_root_works_in_a_scratch_copy(tmp_path):
    """在仓库里、没写 -C：在示例项目的一份临时副本里跑，章节的问题照样能问，仓库一个文件也不多。"""
    before = sorted(p.name for p in ROOT.iterdir())
    out = run_main("--demo", QUESTION, cwd=ROOT, app=ROOT).stdout
    assert out.startswith("[说明] 在仓库里、没写 -C") and "前端：React 18.2" in answer_of(out)
    assert sorted(p.name for p in ROOT.iterdir()) == before


# ── 对话是连着的 ─────────────────────────────────────────────
def test_the_second_question_uses_what_the_first_one_read(project, capsys):
    """第二个问题接着第一个问：第一个问题列过的目录、读过的 package.json 不再读。"""
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=demo_client(), model="demo")
    capsys.readouterr()
    out = ask("这个项目的入口文件是什么？", capsys, messages)
    assert tool_calls_in(out) == ['list_files({"path": "src"})', 'read_file({"path": "src/index.js"})']
    assert "入口文件应该是 src/index.js" in answer_of(out)


def test_a_command_run_in_between_makes_earlier_facts_stale(project, capsys):
    """中间执行过命令（可能改了文件）：以前读到的不再算数，要重新读。"""
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=demo_client(), model="demo")
    messages += [
        {"role": "user", "content": "跑一下测试"},
        {"role": "assistant", "content": "", "tool_calls": [run_call("x9", "npm test")]},
        {"role": "tool", "tool_call_id": "x9", "content": "退出码：0\n"},
        {"role": "assistant", "content": "好"},
    ]
    capsys.readouterr()
    assert tool_calls_in(ask(QUESTION, capsys, messages))[0] == 'list_files({"path": "."})'


def run_call(call_id, command):
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "run_command", "arguments": json.dumps({"command": command})},
    }


@pytest.mark.parametrize(
    "first,follow_up,calls,says",
    [
        (
            "搜索一下项目里有没有用到 lodash",
            "那 express 呢？",
            ['search_files({"query": "express"})'],
            "用到了 express",
        ),
        ("Is lodash used anywhere?", "what about express?", ['search_files({"query": "express"})'], "express is used"),
    ],
)
def test_a_follow_up_is_answered_from_the_question_before(project, capsys, first, follow_up, calls, says):
    messages = agent.run(first, max_rounds=ROUNDS, client=demo_client(), model="demo")
    capsys.readouterr()
    out = ask(follow_up, capsys, messages)
    assert tool_calls_in(out) == calls and says in answer_of(out)


# ── 几类问题，按关键词认，不按整句认 ──────────────────────────────
@pytest.mark.parametrize(
    "question,kind",
    [
        ("What tech stack does this project use?", "stack"),
        ("What's the stack here?", "stack"),
        ("这个项目用了哪些框架？", "stack"),
        ("这个项目依赖了哪些库？", "stack"),
        ("Which frameworks and libraries does it use?", "stack"),
        ("这个项目的入口文件是什么？", "entry"),
        ("程序从哪里启动？", "entry"),
        ("Where's the entrypoint of this app?", "entry"),
        ("Which file is the main file?", "entry"),
        ("项目里用了 react 吗？", "use"),
        ("Do we depend on lodash?", "use"),
        ("Search for jest", "use"),
        ("帮我看看 tests 目录下有哪些测试文件", "tests"),
        ("What test files are there?", "tests"),
        ("README.md 里写了什么？", "file"),
        ("show me src/index.js", "file"),
        ("这个项目是做什么的？", "about"),
        ("What is this repo about?", "about"),
        ("红笔还有多少？", "inventory"),
    ],
)
def test_the_demo_tells_the_kinds_of_question_apart(question, kind):
    assert [p.kind for p in understand(question).parts] == [kind]


@pytest.mark.parametrize("question", ["今天天气怎么样", "What's the weather like?", "有没有用到 version"])
def test_a_question_of_no_known_kind_gets_one_honest_line_and_examples(question):
    step = first_step(question)
    assert isinstance(step, str) and "认不出" in step or "can't tell what kind" in step
    assert step.count("\n- ") == 3  # 两三个例子，不是整张帮助表


def test_a_question_about_two_things_answers_both(project):
    out = demo("这个项目用了什么技术栈，入口文件是什么？", cwd=project).stdout
    answer = answer_of(out)
    assert "React 18.2" in answer and "入口文件应该是 src/index.js" in answer
    english = answer_of(
        demo("What tech stack does this project use, and which test files are there?", cwd=project).stdout
    )
    assert "Express 4.18" in english and "- tests/test_index.js" in english


@pytest.mark.parametrize(
    "where,question,left",
    [
        (PROJECT, "帮我看看这个项目用了什么技术栈，还有它用的是什么许可证？", "“它用的是什么许可证”"),
        (PROJECT, "Is lodash used, and who wrote this project?", "“who wrote this project”"),
        (PROJECT, "有没有用到 react？顺便把它升级到 19", "“把它升级到 19”"),
        ("examples/inventory", "我需要 3 盒红笔，库存够吗？另外明天能到货吗？", "“明天能到货吗”"),
        (
            "examples/inventory",
            "I need 3 boxes of red pens. Enough? How much is that in USD?",
            "“How much is that in USD”",
        ),
    ],
)
def test_a_part_the_demo_did_not_understand_is_named_not_dropped(where, question, left):
    text = answer_of(run_main("--demo", "-C", where, question).stdout)
    assert left in text, text


@pytest.mark.parametrize(
    "where,question",
    [
        (PROJECT, "What is the entry point? And also, is lodash used?"),
        ("examples/inventory", "Do you have 2 boxes of blue pens in stock? And also 3 boxes of red pens?"),
        (PROJECT, "Does this project use React and also Jest?"),
        (PROJECT, "Please tell me what the entry point is, thanks a lot!"),
        (PROJECT, "麻烦帮我看看项目用了什么技术栈呀，多谢啦"),
        (PROJECT, "hello, quick question: is lodash used?"),
        (PROJECT, "项目里用到 express 了吗？用在哪里？"),
        (PROJECT, "What tech stack does this project use, and which version of React?"),
        (PROJECT, "这个项目的入口文件是什么？请给出路径。"),
        (PROJECT, "Which test files are there? List them."),
        ("examples/inventory", "我需要 2.5 盒红笔，库存够吗？"),
        ("examples/inventory", "我需要 1,000 盒红笔，库存够吗"),
        (PROJECT, "Is moment.js used?"),
    ],
)
def test_a_fully_answered_question_is_never_said_to_be_misunderstood(where, question):
    out = run_main("--demo", "-C", where, question).stdout
    text = answer_of(out)
    assert "没有认出" not in text and "did not recognise" not in text, text
    assert '"query": "hello"' not in out and '"query": "quick"' not in out  # 客气话不当库名


# ── 技术栈：清单的真实写法 ───────────────────────────────────────
def test_demo_names_the_dependencies_of_a_python_project(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "shop"\ndependencies = [\n  "uvicorn[standard]>=0.20",\n  "fastapi>=0.110",\n'
        '  "sqlalchemy>=2.0; python_version >= \'3.9\'",\n]\n[project.optional-dependencies]\ndev = ["pytest>=8"]\n',
        encoding="utf-8",
    )
    (workdir / "requirements.txt").write_text(
        "-r base.txt\n-c constraints.txt\n--index-url https://pypi.example/simple\nrequests>=2.31 --hash=sha256:ab\n"
        "git+https://github.com/x/tool.git#egg=tool\n./vendor/lib\n"
        "https://files.example/pkg/wheelie-1.4.0-py3-none-any.whl\n",
        encoding="utf-8",
    )
    (workdir / "base.txt").write_text("httpx>=0.27\n", encoding="utf-8")  # -r 引用的读一层；-c 的约束不读
    out = demo(QUESTION, cwd=workdir).stdout
    assert tool_calls_in(out)[1:] == [
        'read_file({"path": "pyproject.toml"})',
        'read_file({"path": "requirements.txt"})',
        'read_file({"path": "base.txt"})',
    ]
    answer = answer_of(out)
    for expected in [
        "FastAPI >=0.110",
        "uvicorn [standard] >=0.20",  # 包的 extra 也说出来
        "sqlalchemy >=2.0",
        "pytest >=8",
        "requests >=2.31",  # 下限照写：不是“2.31 版”
        "tool",
        "wheelie 1.4",
        "httpx >=0.27",
    ]:
        assert expected in answer, (expected, answer)
    assert "constraints.txt（requirements.txt 里引用的）" in answer and "./vendor/lib" in answer and "Python" in answer
    assert "base.txt（" not in answer


def test_a_dependency_in_two_manifests_is_listed_once(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["flask", "requests"]\n', encoding="utf-8"
    )
    (workdir / "requirements.txt").write_text("flask==3.0\nrequests>=2\n", encoding="utf-8")
    answer = answer_of(demo(QUESTION, cwd=workdir).stdout)
    assert "后端：Flask 3.0（Python）\n" in answer and answer.count("requests") == 1, answer


def test_demo_does_not_cite_a_manifest_it_could_not_parse(project):
    (project / "package.json").write_text('{"dependencies": {"react": ', encoding="utf-8")  # 坏掉的 JSON
    answer = answer_of(demo(QUESTION, cwd=project).stdout)
    assert "依据：package.json" not in answer and "React" not in answer.split("项目说明")[0]
    assert "依赖清单读不了或解析不了（package.json：" in answer


def test_a_deeply_nested_manifest_is_the_projects_problem_not_the_providers(project):
    (project / "package.json").write_text('{"a": ' * 5000 + "1" + "}" * 5000, encoding="utf-8")
    result = demo(QUESTION, cwd=project)
    assert result.returncode == 0 and "服务商" not in result.stdout + result.stderr
    assert "依赖清单读不了或解析不了（package.json：" in answer_of(result.stdout)


@pytest.mark.parametrize(
    "manifest", ["[]", '{"dependencies": null}', '{"dependencies": {"react": 18}}', '{"main": {"x": 1}}']
)
def test_odd_package_json_gets_an_answer_not_an_error(workdir, capsys, manifest):
    (workdir / "package.json").write_text(manifest, encoding="utf-8")
    for question in (QUESTION, "这个项目的入口文件是什么？"):
        assert answered(agent.run(question, max_rounds=ROUNDS, client=demo_client(), model="demo"))
    assert "入口文件是 {" not in capsys.readouterr().out


@our_tool("read_file")
def test_a_utf16_manifest_is_named_unreadable_not_read_as_dependencies(workdir):
    """PowerShell 5.1 的 > 写的是 UTF-16：不把文件名当依赖，也不把没搜的文件说成没用到。"""
    (workdir / "requirements.txt").write_bytes("flask==3.0\n".encode("utf-16"))
    (workdir / "app.py").write_bytes("import flask\n".encode("utf-16"))
    answer = answer_of(demo(QUESTION, cwd=workdir).stdout)
    assert "依赖清单读不了或解析不了（requirements.txt" in answer and "UTF-16" in answer and "Flask" not in answer
    used = answer_of(demo("有没有用到 flask", cwd=workdir).stdout)
    assert "说不准是否用到了 flask" in used and "UTF-16" in used and "没有搜到" not in used


# ── 入口文件 ─────────────────────────────────────────────────
def test_the_entry_point_and_how_to_run_it(project):
    answer = answer_of(demo("这个项目的入口文件是什么？怎么运行？", cwd=project).stdout)
    assert "入口文件应该是 src/index.js（package.json 没有 main 字段，index.js 是常见的入口文件名）" in answer
    assert "`node src/index.js`" in answer


def test_an_entry_point_is_never_taken_from_a_readme(workdir):
    """README 的代码块里有 if __name__ == "__main__"：文档不是代码。没有常见的入口文件名，就照实说没有。"""
    (workdir / "README.md").write_text(
        '# tool\n\n```python\nif __name__ == "__main__":\n    main()\n```\n', encoding="utf-8"
    )
    (workdir / "pkg").mkdir()
    (workdir / "pkg" / "cli.py").write_text('if __name__ == "__main__":\n    print(1)\n', encoding="utf-8")
    answer = answer_of(demo("这个项目的入口文件是什么？", cwd=workdir).stdout)
    assert "顶层目录里没有常见的入口文件" in answer and "README" not in answer
    (workdir / "main.py").write_text('print("hi")\n', encoding="utf-8")
    assert "入口文件应该是 main.py（main.py 是常见的入口文件名）" in answer_of(
        demo("这个项目的入口文件是什么？", cwd=workdir).stdout
    )


# ── 某个库用没用到 ─────────────────────────────────────────────
def test_demo_answers_whether_a_library_is_used(project):
    lodash = demo("搜索一下项目里有没有用到 lodash", cwd=project).stdout
    assert tool_calls_in(lodash) == ['search_files({"query": "lodash"})'] and "没有搜到 lodash" in lodash
    express = answer_of(demo("Is express used anywhere?", cwd=project).stdout)
    assert "Yes, express is used: 2 declaration(s) or import(s), in package.json, src/index.js" in express


def test_demo_searches_two_names_in_one_round(project, capsys):
    out = ask("搜索一下项目里有没有用到 lodash 和 express", capsys)
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2"]
    assert tool_calls_in(out) == ['search_files({"query": "lodash"})', 'search_files({"query": "express"})']
    answer = answer_of(out)
    assert "没有搜到 lodash" in answer and "用到了 express" in answer and "messages 共 6 条" in out


def test_the_demo_searches_the_users_spelling_and_the_lowercase_one():
    assert first_step("有没有使用 Express") == [
        ("search_files", {"query": "Express"}),
        ("search_files", {"query": "express"}),
    ]


@pytest.mark.parametrize(
    "path,text",
    [
        ("a.js", 'import {\n  merge,\n  pick,\n} from "lodash";\n'),  # Prettier 写的多行 import
        ("b.ts", "const _ = require('lodash/merge')\n"),
        ("package.json", '{"dependencies": {"lodash": "^4.17.21"}}'),
    ],
)
def test_every_form_of_an_import_counts(workdir, path, text):
    (workdir / path).write_text(text, encoding="utf-8")
    said = answer_of(demo("有没有用到 lodash", cwd=workdir).stdout)
    assert ("依赖清单里声明了 lodash" if path == "package.json" else "用到了 lodash") in said  # 只有声明：不说用到了


@pytest.mark.parametrize(
    "path,line",
    [
        ("util.js", "// ported from 'lodash' by hand"),
        ("package.json", '{"description": "like lodash, but small"}'),
        ("README.md", 'import _ from "lodash"'),
    ],
)
def test_a_line_that_only_looks_like_an_import_is_a_mention(workdir, path, line):
    (workdir / path).write_text(line + "\n", encoding="utf-8")
    assert (
        "没有找到我认得的 lodash 的依赖声明（package.json、pyproject.toml、requirements*.txt），也没有找到我认得的"
        in answer_of(demo("有没有用到 lodash", cwd=workdir).stdout)
    )


@pytest.mark.parametrize("path,line", [("main.go", 'import "github.com/x/lodash"'), ("lib.rs", "use lodash;")])
def test_an_import_in_a_language_it_does_not_read_is_a_mention_it_cannot_judge(workdir, path, line):
    """Go、Rust 这些语言的引入写法不认：说它出现在哪些文件里、看不出是不是在用，不说用到了，也不说没用到。"""
    (workdir / path).write_text(line + "\n", encoding="utf-8")
    answer = answer_of(demo("有没有用到 lodash", cwd=workdir).stdout)
    assert "别的语言的引入我看不出来" in answer and path in answer and "没有搜到" not in answer, answer


@pytest.mark.parametrize("cap", [100, 200])
def test_demo_search_at_a_tiny_cap_never_says_not_used_by_mistake(project, monkeypatch, capsys, cap):
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", cap)
    express = answer_of(ask("搜索一下项目里有没有用到 express", capsys))
    assert "package.json" in express and "没有搜到" not in express and "express" in express.split("：")[0]
    assert "用到了 express" in express or "声明了 express" in express  # 截得只剩声明时，说声明了
    assert "可能还有更多" in express  # 结果被截断了：照实说
    assert "没有搜到 lodash" in answer_of(ask("搜索一下项目里有没有用到 lodash", capsys))  # 没截断、没匹配


def test_a_cut_search_without_a_declaration_is_never_read_as_not_used(workdir, monkeypatch, capsys):
    (workdir / "NOTES.md").write_text(
        "express is mentioned here\n" * 20, encoding="utf-8"
    )  # 排在最前面，占满截断的结果
    (workdir / "src").mkdir()
    (workdir / "src" / "app.js").write_text('const express = require("express");\n', encoding="utf-8")
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    answer = answer_of(ask("搜索一下项目里有没有用到 express", capsys))
    assert "说不准是否用到了 express" in answer and "搜索结果被截断了" in answer and "没有搜到" not in answer


def test_demo_says_it_cannot_tell_when_narrowing_cannot_help(workdir, monkeypatch, capsys):
    (workdir / "app.js").write_text(
        'log("express");\n' * 30 + 'const express = require("express");\n', encoding="utf-8"
    )
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    answer = answer_of(ask("搜索一下项目里有没有用到 express", capsys))
    assert "说不准是否用到了 express" in answer and "没有搜到" not in answer


def test_a_file_too_big_to_search_is_not_read_as_not_used(workdir):
    (workdir / "bundle.js").write_text("var x=1;\n" * 300_000 + 'require("lodash");\n', encoding="utf-8")
    answer = answer_of(demo("搜索一下项目里有没有用到 lodash", cwd=workdir).stdout)
    assert "说不准是否用到了 lodash" in answer and "bundle.js（超过 2 MB" in answer and "没有搜到" not in answer


def test_the_demo_searches_the_hidden_folders_a_whole_tree_search_skips(workdir):
    for folder in (".hidden", ".git", "node_modules/lodash", ".venv"):
        (workdir / folder).mkdir(parents=True)
        (workdir / folder / "x.js").write_text('import lodash from "lodash"\n', encoding="utf-8")
    (workdir / ".venv" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    out = demo("Is lodash used anywhere?", cwd=workdir).stdout
    assert 'search_files({"query": "lodash", "path": ".hidden"})' in out and '"path": ".git"' not in out
    assert "Yes, lodash is used: 1 declaration(s) or import(s), in .hidden/x.js" in out
    (workdir / ".hidden" / "x.js").unlink()
    answer = answer_of(demo("有没有用到 lodash", cwd=workdir).stdout)
    assert "没有搜到 lodash" in answer and "没有搜 .git、.venv、node_modules" in answer


@pytest.mark.parametrize(
    "question,call,says",
    [
        (
            "在 src 里有没有用到 express？",
            '{"query": "express", "path": "src"}',
            "用到了 express（只搜了 src）：1 处依赖声明或引入，在 src/index.js",
        ),
        (
            "Is express used in tests?",
            '{"query": "express", "path": "tests"}',
            '`require("express")`) (I searched only tests)',
        ),
        (
            "Is jest used in the tests folder?",
            '{"query": "jest", "path": "tests"}',
            "search_files found jest nowhere in tests (I searched only",
        ),
    ],
)
def test_a_use_question_about_one_folder_searches_that_folder_and_claims_no_more(question, call, says):
    out = run_main("--demo", "-C", PROJECT, question).stdout
    assert f"search_files({call})" in out and says in answer_of(out)
    assert "was not found" not in out and "没有搜到" not in out


# ── 测试文件、文件内容、项目是做什么的 ──────────────────────────────
def test_the_test_files(project):
    out = demo("帮我看看 tests 目录下有哪些测试文件", cwd=project).stdout
    assert tool_calls_in(out) == ['list_files({"path": "."})', 'list_files({"path": "tests"})']
    assert "- tests/test_index.js" in answer_of(out)
    each = answer_of(demo("tests 目录下有哪些测试文件？每个测的是什么？", cwd=project).stdout)
    assert "- tests/test_index.js" in each and "没有读它们，说不出来" in each  # 没做的那件说出来


def test_what_a_file_says(project):
    out = demo("README.md 里写了什么？", cwd=project).stdout
    assert tool_calls_in(out) == ['read_file({"path": "README.md"})']
    assert "README.md 一共 2 行：" in answer_of(out) and "A full-stack web application" in out


@our_tool("read_file")
def test_demo_pages_through_a_truncated_manifest(project, monkeypatch, capsys):
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=demo_client(), model="demo")
    out = capsys.readouterr().out
    assert tool_calls_in(out) == [
        'list_files({"path": "."})',
        'read_file({"path": "package.json"})',
        'read_file({"path": "package.json", "offset": 6})',
        'read_file({"path": "README.md"})',
    ]
    assert messages[5]["content"].endswith("用 offset=6 继续读]")
    for expected in ["React 18.2", "Express 4.18", "Jest 29.7", "依据：package.json、README.md。"]:
        assert expected in messages[-1]["content"]


def test_demo_finds_package_json_past_the_first_page_of_a_listing(project, capsys):
    for i in range(311):  # 排在 package.json 前面：第一页 300 项里没有它
        (project / f"a{i:03d}.txt").touch()
    out = ask(QUESTION, capsys)
    assert tool_calls_in(out)[:3] == [
        'list_files({"path": "."})',
        'list_files({"path": ".", "offset": 301})',
        'read_file({"path": "package.json"})',
    ]
    assert "React 18.2" in answer_of(out)


def test_demo_says_it_saw_only_part_of_a_listing_it_stopped_paging(workdir, monkeypatch, capsys):
    for i in range(100):
        (workdir / f"f{i:03d}.txt").touch()
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 100)  # 每页一项，翻 5 页也列不完
    for question in (QUESTION, "帮我看看 tests 目录下有哪些测试文件", "这个项目是做什么的？"):
        answer = answer_of(ask(question, capsys))
        assert "我只看到了工作目录的前 5 项（没有列全）" in answer, answer
        assert "工作目录里没有" not in answer and "工作目录下没有" not in answer


def test_tool_result_preview_keeps_the_paging_hint_when_cut():
    hint = "[第 1–200 行；后面还有约 9000 字节没显示，用 offset=201 继续读]"
    shown = preview("\n".join(f"{i}\t{'x' * 30}" for i in range(1, 201)) + "\n" + hint)
    assert shown.endswith("）\n" + hint) and "…（屏幕上只显示开头 200 字符；模型收到的是全部 " in shown
    assert preview("短结果") == "短结果"


# ── 英文问题，英文回答 ──────────────────────────────────────────
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What tech stack does this project use?", "- Backend: Express 4.18 (Node.js)"),
        ("What is the entry point?", "The entry point is probably src/index.js (package.json has no main field;"),
        ("Which test files are there?", "files named like tests:\n\n- tests/test_index.js"),
        ("Do we depend on lodash?", "lodash was not found: search_files found it in no file's content"),
        ("What does README.md say?", "README.md has 2 line(s):"),
        ("Which version of jest is used?", "- Testing: Jest 29.7"),
    ],
)
def test_demo_answers_english_questions_in_english(question, expected):
    answer = answer_of(run_main("--demo", "-C", PROJECT, question).stdout)
    assert expected in answer and not CJK.search(answer), answer


def test_english_answers_keep_the_honesty_rules(workdir):
    (workdir / "notes.txt").write_text("随便写写\n", encoding="utf-8")
    for question, says in (
        ("What tech stack does this project use?", "has no package.json"),
        ("What is the entry point?", "has no usual entry file"),
        ("Which test files?", "there is no tests, test, __tests__ or spec folder"),
    ):
        answer = answer_of(demo(question, cwd=workdir).stdout)
        assert says in answer and not CJK.search(answer), answer
