"""--demo：离线回放。没有 key、服务商地址是死的，也要跑出章节的过程。"""

import json
import os
import re

import pytest
from conftest import QUESTION, ROUNDS, answered, our_tool, run_main

import agent
import tools
from support.demo import model as demo_model
from support.screen import preview


def demo(*args, cwd, input=None):
    # OPENAI_API_KEY 为空，OPENAI_BASE_URL 指向一个没人监听的端口：任何网络请求都会失败
    return run_main("--demo", *args, cwd=cwd, input=input)


def tool_calls_in(out):
    return re.findall(r"\[调用工具\] (.*)", out)


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
    answer = out.split("[最终回复]", 1)[1]
    for expected in ["前端：React 18.2", "后端：Express 4.18（Node.js）", "测试：Jest 29.7", "离线回放"]:
        assert expected in answer
    assert "模型调用 4 次，工具执行 3 次" in out


def test_demo_answer_follows_the_files_not_a_script(project):
    (project / "package.json").write_text(
        json.dumps({"dependencies": {"vue": "^3.4.0", "koa": "^2.15.0"}, "devDependencies": {"vitest": "^1.6.0"}})
    )
    answer = demo(QUESTION, cwd=project).stdout.split("[最终回复]", 1)[1]
    assert "Vue 3.4" in answer and "Koa 2.15" in answer and "Vitest 1.6" in answer
    assert "React" not in answer.split("项目说明")[0]


def test_demo_names_the_dependencies_of_a_python_project(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "shop"\ndependencies = [\n  "fastapi>=0.110",\n  "sqlalchemy>=2.0",\n]\n'
    )
    (workdir / "requirements.txt").write_text("pytest==8.1.1\nrequests>=2.31\n")
    result = demo(QUESTION, cwd=workdir)
    assert tool_calls_in(result.stdout) == [
        'list_files({"path": "."})',
        'read_file({"path": "pyproject.toml"})',
        'read_file({"path": "requirements.txt"})',
    ]
    answer = result.stdout.split("[最终回复]", 1)[1]
    for expected in ["FastAPI 0.110", "sqlalchemy 2.0", "pytest 8.1", "requests 2.31", "Python"]:
        assert expected in answer


def test_demo_answers_the_chapters_other_questions(project):
    entry = demo("这个项目的入口文件是什么？", cwd=project)
    assert tool_calls_in(entry.stdout)[-1] == 'read_file({"path": "src/index.js"})'
    assert "入口文件应该是 src/index.js" in entry.stdout

    lodash = demo("搜索一下项目里有没有用到 lodash", cwd=project)
    assert tool_calls_in(lodash.stdout) == ['search_files({"query": "lodash"})']
    assert "没有用到 lodash" in lodash.stdout
    express = demo("搜索一下项目里有没有用到 express", cwd=project)
    assert "用到了 express" in express.stdout and "src/index.js" in express.stdout

    tests = demo("帮我看看 tests 目录下有哪些测试文件", cwd=project)
    assert tool_calls_in(tests.stdout) == ['list_files({"path": "."})', 'list_files({"path": "tests"})']
    assert "tests/test_index.js" in tests.stdout

    other = demo("今天天气怎么样", cwd=project)
    assert other.returncode == 0 and "离线回放只认识" in other.stdout


def test_demo_with_two_rounds_hits_the_limit(project):
    result = demo("--max-rounds", "2", QUESTION, cwd=project)
    assert result.returncode == 1
    assert "[警告] 达到最大轮次 2，停止执行。" in result.stdout
    assert "[最终回复]" not in result.stdout


def test_show_messages_prints_the_chapters_message_list(project):
    result = demo("--show-messages", QUESTION, cwd=project)
    dumped = result.stdout[result.stdout.index("\n[\n") + 1 :]
    messages = json.loads(dumped)
    assert [m["role"] for m in messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
    ]
    assert messages[2]["tool_calls"][0]["function"]["name"] == "list_files"
    assert messages[3]["tool_call_id"] == messages[2]["tool_calls"][0]["id"]


def test_demo_repl_keeps_the_conversation(project):
    result = demo(cwd=project, input=f"{QUESTION}\n这个项目的入口文件是什么？\n")
    assert result.returncode == 0
    assert "React 18.2" in result.stdout and "入口文件应该是 src/index.js" in result.stdout
    assert "messages 共 19 条" in result.stdout  # 第二个问题接在第一个的 9 条之后


# ── 听懂常见的问法（中文、英文） ────────────────────────────────
PHRASINGS = [
    ("帮我看看这个项目用了什么技术栈", "list_files", {"path": "."}),
    ("这个项目用了哪些框架？", "list_files", {"path": "."}),
    ("What tech stack does this project use?", "list_files", {"path": "."}),
    ("Which frameworks and libraries does it use?", "list_files", {"path": "."}),
    ("这个项目的入口文件是什么？", "list_files", {"path": "."}),
    ("程序从哪里启动？", "list_files", {"path": "."}),
    ("What is the entry point?", "list_files", {"path": "."}),
    ("Where's the entrypoint of this app?", "list_files", {"path": "."}),
    ("搜索一下项目里有没有用到 lodash", "search_files", {"query": "lodash"}),
    ("项目里用了 react 吗？", "search_files", {"query": "react"}),
    ("lodash 有用到吗？", "search_files", {"query": "lodash"}),
    ("Is lodash used anywhere?", "search_files", {"query": "lodash"}),
    ("Is react used in this project?", "search_files", {"query": "react"}),
    ("Does this project use express?", "search_files", {"query": "express"}),
    ("Do we depend on lodash?", "search_files", {"query": "lodash"}),
    ("Search for jest", "search_files", {"query": "jest"}),
]


def ask(question, capsys):
    """在本进程里用离线模型问一个问题，返回打印的内容。"""
    agent.run(question, max_rounds=ROUNDS, client=demo_model.demo_client(), model="demo")
    return capsys.readouterr().out


@pytest.mark.parametrize("question,tool,args", PHRASINGS)
def test_demo_understands_common_phrasings(question, tool, args):
    step = demo_model.next_step([{"role": "system", "content": "规则"}, {"role": "user", "content": question}])
    assert step == [(tool, args)]


@pytest.mark.parametrize(
    "question,intent",
    [
        ("What tech stack does this project use?", "stack"),
        ("What's the stack here?", "stack"),
        ("帮我看看这个项目用了什么技术栈", "stack"),
        ("这个项目依赖了哪些库？", "stack"),
        ("What is the entry point?", "entry"),
        ("Which file is the main file?", "entry"),
        ("这个项目的入口文件是什么？", "entry"),
        ("帮我看看 tests 目录下有哪些测试文件", "tests"),
        ("What test files are there?", "tests"),
        ("今天天气怎么样", "help"),
    ],
)
def test_demo_tells_the_kinds_of_question_apart(question, intent):
    assert demo_model.understand(question)[0] == intent


def test_demo_answers_is_x_used_in_english_about_x(project, capsys):
    react = ask("Is react used in this project?", capsys)
    assert tool_calls_in(react) == ['search_files({"query": "react"})']
    assert "Yes, react is used" in react and "package.json" in react
    lodash = ask("Is lodash used anywhere?", capsys)
    assert tool_calls_in(lodash) == ['search_files({"query": "lodash"})']
    assert "lodash is not used" in lodash


def test_demo_searches_two_names_in_one_round(project, capsys):
    out = ask("搜索一下项目里有没有用到 lodash 和 express", capsys)
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2"]
    assert tool_calls_in(out) == ['search_files({"query": "lodash"})', 'search_files({"query": "express"})']
    answer = out.split("[最终回复]", 1)[1]
    assert "没有用到 lodash" in answer and "用到了 express" in answer
    assert "messages 共 6 条" in out


# ── 结果被截断时翻页 ────────────────────────────────────────
@our_tool("read_file")
def test_demo_pages_through_a_truncated_manifest(project, monkeypatch, capsys):
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=demo_model.demo_client(), model="demo")
    out = capsys.readouterr().out
    assert tool_calls_in(out) == [
        'list_files({"path": "."})',
        'read_file({"path": "package.json"})',
        'read_file({"path": "package.json", "offset": 6})',
        'read_file({"path": "README.md"})',
    ]
    first_page = messages[5]["content"]
    assert first_page.endswith("用 offset=6 继续读]")
    answer = messages[-1]["content"]
    for expected in ["React 18.2", "Express 4.18", "Jest 29.7", "依据：package.json、README.md。"]:
        assert expected in answer


def answer_of(out):
    return out.split("[最终回复]", 1)[1]


def test_demo_finds_package_json_past_the_first_page_of_a_listing(project, capsys):
    for i in range(311):  # 排在 package.json 前面：第一页 300 项里没有它
        (project / f"a{i:03d}.txt").touch()
    out = ask(QUESTION, capsys)
    assert tool_calls_in(out)[:3] == [
        'list_files({"path": "."})',
        'list_files({"path": ".", "offset": 301})',
        'read_file({"path": "package.json"})',
    ]
    answer = answer_of(out)
    assert "React 18.2" in answer and "Express 4.18" in answer and "没有 package.json" not in answer
    assert "入口文件应该是 src/index.js" in ask("这个项目的入口文件是什么？", capsys)
    assert "- tests/test_index.js" in ask("帮我看看 tests 目录下有哪些测试文件", capsys)


def test_demo_pages_through_listings_at_a_tiny_cap(project, monkeypatch, capsys):
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 100)  # 每页只放得下一项
    out = ask("帮我看看 tests 目录下有哪些测试文件", capsys)
    assert tool_calls_in(out) == [
        'list_files({"path": "."})',
        'list_files({"path": ".", "offset": 2})',
        'list_files({"path": ".", "offset": 3})',
        'list_files({"path": ".", "offset": 4})',
        'list_files({"path": "tests"})',
    ]
    assert "- tests/test_index.js" in answer_of(out)


def test_demo_says_it_saw_only_part_of_a_listing_it_stopped_paging(workdir, monkeypatch, capsys):
    for i in range(100):
        (workdir / f"f{i:03d}.txt").touch()
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)  # 每页十几项，翻 5 页也列不完
    for question in (QUESTION, "这个项目的入口文件是什么？", "帮我看看 tests 目录下有哪些测试文件"):
        out = ask(question, capsys)
        assert sum(c.startswith("list_files") for c in tool_calls_in(out)) == 5  # 入口问题还搜一次 __main__
        answer = answer_of(out)
        assert re.search(r"只列出了工作目录的前 \d+ 项（共 100 项）", answer) and "不能说没有" in answer
        assert "工作目录里没有" not in answer and "工作目录下没有" not in answer


@pytest.mark.parametrize("cap", [100, 200])
def test_demo_search_at_a_tiny_cap_never_says_not_used_by_mistake(project, monkeypatch, capsys, cap):
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", cap)
    express = answer_of(ask("搜索一下项目里有没有用到 express", capsys))
    assert "用到了 express" in express and "package.json" in express and "没有用到" not in express
    assert "可能还有更多" in express  # 结果被截断了：照实说
    lodash = answer_of(ask("搜索一下项目里有没有用到 lodash", capsys))
    assert "没有用到 lodash" in lodash  # 没有匹配的结果是完整的：可以说没用到


def test_demo_narrows_a_cut_search_until_it_sees_a_declaration(workdir, monkeypatch, capsys):
    (workdir / "NOTES.md").write_text("express is mentioned here\n" * 20)  # 排在最前面，占满截断的结果
    (workdir / "src").mkdir()
    (workdir / "src" / "app.js").write_text('const express = require("express");\n')
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    out = ask("搜索一下项目里有没有用到 express", capsys)
    assert tool_calls_in(out) == [
        'search_files({"query": "express"})',
        'list_files({"path": "."})',
        'search_files({"query": "express", "path": "NOTES.md"})',
        'search_files({"query": "express", "path": "src"})',
    ]
    answer = answer_of(out)
    assert "用到了 express：1 处依赖声明或引入，在 src/app.js：" in answer
    assert "但不是依赖声明或 import（也许还有更多）" in answer


def test_demo_says_it_saw_only_part_when_narrowing_cannot_help(workdir, monkeypatch, capsys):
    (workdir / "app.js").write_text('log("express");\n' * 30 + 'const express = require("express");\n')
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    answer = answer_of(ask("搜索一下项目里有没有用到 express", capsys))
    assert "说不准是否用到了 express" in answer and "没有用到" not in answer
    for i in range(40):  # 拆开要搜 40 次，超过了上限：停下，照样不说没用到
        (workdir / f"f{i:02d}.js").write_text('log("express");\n' * 3)
    out = ask("Is express used anywhere?", capsys)
    assert "I can't tell whether express is used" in answer_of(out) and "not used" not in answer_of(out)
    assert len(tool_calls_in(out)) < 10


def test_tool_result_preview_keeps_the_paging_hint_when_cut():
    hint = "[第 1–200 行；后面还有约 9000 字节没显示，用 offset=201 继续读]"
    shown = preview("\n".join(f"{i}\t{'x' * 30}" for i in range(1, 201)) + "\n" + hint)
    assert shown.endswith("）\n" + hint) and "…（共 " in shown
    more = "[第 1–300 项，共 305 项；用 offset=301 继续列出]"
    listing = preview("\n".join(f"file{i}.txt" for i in range(300)) + "\n" + more)
    assert listing.endswith("\n" + more)
    assert preview("短结果") == "短结果"


# ── 别的项目：只说读到并解析了的，认不出就直说 ──────────────────────
def python_project(work):
    (work / "README.md").write_text(
        "# tool\n\n```bash\npip install -r requirements.txt && python cli.py\n```\n\n"
        "和 lodash 不一样，这里什么都不依赖。\n"
    )
    (work / "requirements.txt").write_text("-r base.txt\nopenai>=1.40\n")
    (work / "cli.py").write_text('"""命令行。"""\nimport sys\n\n\nif __name__ == "__main__":\n    sys.exit(0)\n')
    (work / "helpers.py").write_text("LODASH_LIKE = 'lodash'  # 只是一个字符串\n")


def test_demo_on_a_python_project_reads_it_honestly(workdir, capsys):
    python_project(workdir)
    stack = ask(QUESTION, capsys).split("[最终回复]", 1)[1]
    assert "openai 1.40" in stack and "Python" in stack
    assert "pip install" not in stack and "项目说明" not in stack  # README 标题下是命令，不是说明
    assert "依据：requirements.txt。" in stack and "base.txt" not in stack

    entry = ask("What is the entry point?", capsys)
    assert tool_calls_in(entry)[1:] == ['search_files({"query": "__main__"})', 'read_file({"path": "cli.py"})']
    assert 'The entry point is probably cli.py (line 5 is if __name__ == "__main__")' in entry

    lodash = ask("Is lodash used anywhere?", capsys).split("[最终回复]", 1)[1]
    assert "is used" not in lodash and "does not seem to be used" in lodash
    assert "README.md, helpers.py" in lodash


def test_demo_says_what_it_looked_at_when_it_cannot_tell(workdir, capsys):
    (workdir / "notes.txt").write_text("随便写写\n")
    for question in (QUESTION, "这个项目的入口文件是什么？", "帮我看看 tests 目录下有哪些测试文件"):
        answer = ask(question, capsys).split("[最终回复]", 1)[1]
        assert '我看了：list_files({"path": "."})' in answer
        assert "按固定规则回放的替身" in answer and "不猜答案" in answer


def test_demo_does_not_cite_a_manifest_it_could_not_parse(project, capsys):
    (project / "package.json").write_text('{"dependencies": {"react": ')  # 坏掉的 JSON
    answer = ask(QUESTION, capsys).split("[最终回复]", 1)[1]
    assert "依据：package.json" not in answer and "React" not in answer
    assert "package.json 读不了或解析不了" in answer


@pytest.mark.parametrize(
    "manifest", ["[]", '{"dependencies": null}', '{"dependencies": {"react": 18}}', '{"main": {"x": 1}}']
)
def test_odd_package_json_gets_an_answer_not_an_error(tmp_path, monkeypatch, capsys, manifest):
    (tmp_path / "package.json").write_text(manifest)
    monkeypatch.chdir(tmp_path)
    for question in (QUESTION, "这个项目的入口文件是什么？"):
        messages = agent.run(question, max_rounds=ROUNDS, client=demo_model.demo_client(), model="demo")
        assert answered(messages)
    assert "入口文件是 {" not in capsys.readouterr().out


# ── 英文问题，英文回答 ──────────────────────────────────────────
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


@pytest.mark.parametrize(
    "question,expected",
    [
        ("What tech stack does this project use?", "- Backend: Express 4.18 (Node.js)"),
        ("Which frameworks and libraries does it use?", "This project's tech stack:"),
        ("What is the entry point?", "The entry point is probably src/index.js (package.json has no main field;"),
        ("Where's the entrypoint of this app?", "The entry point is probably src/index.js"),
        ("Which test files are there?", "These are the test files:\n\n- tests/test_index.js"),
        ("Is express used anywhere?", "Yes, express is used: 2 declaration(s) or import(s), in package.json, src/"),
        ("Do we depend on lodash?", "lodash is not used: search_files found it nowhere in the project."),
    ],
)
def test_demo_answers_english_questions_in_english(project, capsys, question, expected):
    answer = answer_of(ask(question, capsys)).split("(Offline replay")[0]
    assert expected in answer and not CJK.search(answer)


def test_english_answers_keep_the_honesty_rules(workdir, monkeypatch, capsys):
    (workdir / "notes.txt").write_text("随便写写\n")
    for question in ("What tech stack does this project use?", "What is the entry point?", "Which test files?"):
        answer = answer_of(ask(question, capsys)).split("(Offline replay")[0]
        assert "I looked at: list_files" in answer and "I won't guess" in answer and not CJK.search(answer)
    for i in range(100):
        (workdir / f"f{i:03d}.txt").touch()
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    answer = answer_of(ask("What tech stack does this project use?", capsys))
    assert re.search(r"I listed only \d+ of the 101 entries in the work folder", answer)
    assert "I can't say there is none" in answer and "has no package.json" not in answer


def demo_answer(work, question):
    out = run_main("--demo", "-C", str(work), question).stdout
    return answer_of(out).split("（离线回放")[0].split("(Offline replay")[0]


def test_the_demo_searches_the_users_spelling_and_the_lowercase_one():
    """search_files 区分大小写：问 Express 也按 express 搜；两种写法都没搜到才说没用到，并说两种都搜了。"""
    step = demo_model.next_step(
        [{"role": "system", "content": "规则"}, {"role": "user", "content": "有没有使用 Express"}]
    )
    assert step == [("search_files", {"query": "Express"}), ("search_files", {"query": "express"})]


def test_the_demo_counts_only_imports_of_the_module_asked_about(tmp_path):
    """from x import requests 引入的不是 requests 库；raise … from httpx.X 不是引入。"""
    (tmp_path / "a.py").write_text("from support.read import requests\nraise E from httpx.ReadTimeout(1)\n")
    (tmp_path / "b.js").write_text('import { Router } from "vue";\nimport x from "lodash-es";\n')
    assert "没有找到 requests 的依赖声明或 import" in demo_answer(tmp_path, "有没有用到 requests")
    assert "没有找到 httpx 的依赖声明或 import" in demo_answer(tmp_path, "有没有用到 httpx")
    assert "没有找到 lodash 的依赖声明或 import" in demo_answer(tmp_path, "有没有用到 lodash")
    assert demo_answer(tmp_path, "Is Vue used anywhere?").startswith("\nYes, Vue is used: 1 declaration")  # 也搜 vue


def test_a_file_too_big_to_search_is_not_read_as_not_used(tmp_path):
    (tmp_path / "bundle.js").write_text("var x=1;\n" * 300_000 + 'require("lodash");\n')
    answer = demo_answer(tmp_path, "搜索一下项目里有没有用到 lodash")
    assert "说不准是否用到了 lodash" in answer and "bundle.js（超过 2 MB" in answer and "没有用到" not in answer


def test_the_demo_searches_the_hidden_folders_a_whole_tree_search_skips(tmp_path):
    """隐藏目录整体搜索时跳过，结果里说了：演示照着单独搜一次；.git、node_modules、虚拟环境不算项目自己的代码。"""
    for folder in (".hidden", ".git", "node_modules/lodash", ".venv"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "x.js").write_text('import lodash from "lodash"\n')
    (tmp_path / ".venv" / "pyvenv.cfg").write_text("home = /usr\n")
    out = run_main("--demo", "-C", str(tmp_path), "Is lodash used anywhere?").stdout
    assert 'search_files({"query": "lodash", "path": ".hidden"})' in out and '"path": ".git"' not in out
    assert "Yes, lodash is used: 1 declaration(s) or import(s), in .hidden/x.js" in out
    (tmp_path / ".hidden" / "x.js").unlink()
    assert "lodash is not used" in demo_answer(tmp_path, "Is lodash used anywhere?")


def test_a_folder_the_demo_cannot_search_again_makes_the_answer_partial(tmp_path):
    for i in range(12):  # 结果只列 10 个：剩下的不知道是哪些
        (tmp_path / f".d{i:02d}").mkdir()
    assert "说不准是否用到了 lodash" in demo_answer(tmp_path, "有没有用到 lodash")


@pytest.mark.parametrize("question", ["搜索一下项目里有没有用到 app", "有没有用到 version"])
def test_a_use_question_without_a_name_gets_the_help_not_another_answer(question):
    out = run_main("--demo", "-C", "examples/my-project", question).stdout
    assert "离线回放只认识这几类问题" in out and "[调用工具]" not in out


def test_a_cut_search_in_a_git_repo_is_still_read_as_cut(tmp_path):
    """.git 让结果末尾总有一行“没有进去搜的目录”：它下面不能把上面的“[结果已截断…]”挡住。"""
    (tmp_path / ".git").mkdir()
    (tmp_path / "src").mkdir()
    for i in range(60):
        (tmp_path / "src" / f"a{i:02d}.py").write_text("# talks to the server via requests helpers\n")
    (tmp_path / "src" / "zz.py").write_text("import requests\n")
    answer = demo_answer(tmp_path, "Is requests used?")
    assert "does not seem to be used" not in answer and "is not used" not in answer, answer


@pytest.mark.parametrize("name", [".x、src", ".a（整体搜索跳过隐藏目录）b"])
def test_a_skipped_folder_whose_name_breaks_the_note_makes_the_answer_partial(tmp_path, name):
    for folder in (".x", "src", name):
        (tmp_path / folder).mkdir()
    (tmp_path / "src" / "m.py").write_text("print(1)\n")
    (tmp_path / name / "m.py").write_text("import requests\n")
    answer = demo_answer(tmp_path, "有没有用到 requests")
    assert "没有用到" not in answer and ("说不准" in answer or "用到了 requests" in answer), answer


@pytest.mark.skipif(os.name == "nt", reason="符号链接在 Windows 上需要特权")
def test_a_symlink_search_does_not_follow_is_not_read_as_not_used(tmp_path):
    (tmp_path / "ext").mkdir()
    (tmp_path / "ext" / "app.py").write_text("import requests\n")
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "lib").symlink_to(tmp_path / "ext")
    answer = demo_answer(tmp_path / "work", "有没有用到 requests")
    assert "说不准是否用到了 requests" in answer and "lib（符号链接，搜索不跟随）" in answer, answer


@pytest.mark.parametrize(
    "path,line,name",
    [
        ("util.js", "// ported from 'lodash' by hand", "lodash"),
        ("a.js", "import lodash from './my-own-lodash'", "lodash"),
        ("requirements.txt", "requests-mock==1.11", "requests"),
    ],
)
def test_a_line_that_only_looks_like_an_import_is_a_mention(tmp_path, path, line, name):
    (tmp_path / path).write_text(line + "\n")
    assert f"没有找到 {name} 的依赖声明或 import" in demo_answer(tmp_path, f"有没有用到 {name}")


def test_react_js_is_searched_as_react_and_a_folder_is_not_a_library(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "App.jsx").write_text("import React from 'react'\n")
    assert demo_answer(tmp_path, "有没有用到 React.js").startswith("\n用到了 React.js：1 处")
    answer = demo_answer(tmp_path, "Is React used in src/?")
    assert "Yes, React is used" in answer and "src is not used" not in answer


def test_not_used_says_which_folders_of_other_peoples_code_it_did_not_search(tmp_path):
    (tmp_path / "node_modules" / "lodash").mkdir(parents=True)
    (tmp_path / "node_modules" / "lodash" / "x.js").write_text('require("lodash")\n')
    (tmp_path / "a.js").write_text("console.log(1)\n")
    answer = demo_answer(tmp_path, "有没有用到 lodash")
    assert "没有用到 lodash" in answer and "没有搜 node_modules：版本库、依赖和虚拟环境里是别人的代码" in answer


def test_the_entry_point_is_searched_for_before_saying_there_is_none(tmp_path):
    """顶层没有 .py、也没有常见的入口文件名：照样在整个项目里搜 __main__，没搜到才说没有，并说看了哪里。"""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "run.py").write_text('if __name__ == "__main__":\n    print(1)\n')
    assert "入口文件应该是 pkg/run.py" in demo_answer(tmp_path, "这个项目的入口文件是什么？")
    (tmp_path / "pkg" / "run.py").write_text("print(1)\n")
    answer = demo_answer(tmp_path, "这个项目的入口文件是什么？")
    assert "顶层目录里没有常见的入口文件" in answer and "整个项目里也没有搜到" in answer


def test_an_incomplete_search_says_why_and_gives_advice_that_works(tmp_path):
    """没截断、只是有文件没搜（太大）：不说“被截断了”，也不教人缩小 path（缩小了也搜不了那个文件）。"""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bundle.js").write_text("var x=1;\n" * 300_000 + 'require("lodash");\n')
    (tmp_path / "src" / "a.js").write_text('const _ = require("lodash");\n')
    used = demo_answer(tmp_path, "Is lodash used anywhere?")
    assert "(some files or folders were not searched; there may be more)" in used and "cut off" not in used
    (tmp_path / "src" / "a.js").unlink()
    unsure = demo_answer(tmp_path, "有没有用到 lodash")
    assert "（有文件或目录没有搜）" in unsure and "缩小范围" not in unsure and "被截断" not in unsure
    assert unsure.rstrip().endswith("可以用 read_file 分页读）]")  # 引的原话带着它的 ]


def test_a_dependency_in_two_manifests_is_listed_once(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["flask", "requests"]\n')
    (tmp_path / "requirements.txt").write_text("flask==3.0\nrequests>=2\n")
    answer = demo_answer(tmp_path, QUESTION)
    assert "后端：Flask 3.0（Python）\n" in answer and answer.count("requests") == 1, answer


def test_a_file_named_in_the_question_is_not_taken_for_a_library(tmp_path):
    (tmp_path / "big.log").write_text("numpy\n")
    out = run_main("--demo", "-C", str(tmp_path), "search for numpy in big.log").stdout
    assert '"query": "big.log"' not in out and '"query": "numpy"' in out


def test_a_search_hit_cut_to_its_first_characters_is_not_read_as_complete(tmp_path):
    """package.json 写成一行：search_files 只给出这一行的开头（末尾注明），声明在后半行：不能说没用到。"""
    line = json.dumps({"name": "x", "description": "y" * 150, "dependencies": {"moment": "2.29.4"}})
    (tmp_path / "package.json").write_text(line)
    answer = demo_answer(tmp_path, "Is moment used?")
    assert "I can't tell whether moment is used" in answer and "does not seem" not in answer


def test_a_runtime_is_not_searched_for_like_a_package():
    assert "Node.js is a runtime, not a package" in demo_answer("examples/my-project", "Is Node.js used?")


@pytest.mark.parametrize(
    "question,path,says",
    [
        ("在 src 里有没有用到 express？", "src", "用到了 express：1 处依赖声明或引入，在 src/index.js"),
        ("Is express used in tests?", "tests", "no declaration or import of express in tests"),
    ],
)
def test_a_use_question_about_one_folder_searches_that_folder(question, path, says):
    out = run_main("--demo", "-C", "examples/my-project", question).stdout
    assert f'search_files({{"query": "express", "path": "{path}"}})' in out and says in out
    assert '"query": "src"' not in out and '"query": "tests"' not in out  # 目录名不当库名


@pytest.mark.skipif(os.name == "nt", reason="符号链接在 Windows 上需要特权")
def test_narrowing_a_cut_search_searches_hidden_folders_and_notes_symlinks(tmp_path, monkeypatch):
    """结果被截断（上限很小）、说跳过了哪些目录的那一行也被截掉了：分别搜每一项时，隐藏目录照样搜，符号链接说没搜。"""
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", 200)
    work = tmp_path / "work"
    (work / "src").mkdir(parents=True)
    (work / ".app").mkdir()
    for name in "abc":
        (work / "src" / f"{name}.js").write_text("// vue vue vue vue vue vue vue vue vue vue vue vue vue\n" * 2)
    (work / ".app" / "main.js").write_text('import { createApp } from "vue"\n')
    assert "Yes, vue is used: 1 declaration(s) or import(s), in .app/main.js" in demo_answer(work, "Is vue used?")
    (work / ".app" / "main.js").unlink()
    (tmp_path / "ext").mkdir()
    (tmp_path / "ext" / "main.js").write_text('import { createApp } from "vue"\n')
    (work / "linked").symlink_to(tmp_path / "ext")
    answer = demo_answer(work, "Is vue used?")
    assert "I can't tell whether vue is used" in answer and "linked" in answer, answer


@pytest.mark.parametrize(
    "question", ["项目里有没有 README？", "Is lodash being used at all?", "Is numpy used in .venv?"]
)
def test_words_that_are_not_libraries_are_not_searched_for(tmp_path, question):
    (tmp_path / "README.md").write_text("# x\n")
    (tmp_path / ".venv").mkdir()
    out = run_main("--demo", "-C", str(tmp_path), question).stdout
    for word in ("README", "being", "all", "venv", ".venv"):
        assert f'"query": "{word}"' not in out, out


def test_a_name_not_found_in_one_folder_is_not_called_unused():
    answer = demo_answer("examples/my-project", "Is jest used in the tests folder?")
    assert "search_files found jest nowhere in tests (I searched only tests" in answer and "is not used" not in answer
