"""离线演示被攻击过的地方，按输入的类别写：坏的库存记录、像工具说明的文件名和输出、清单的怪写法、接着问、
一句话里夹着没做的事。每个都要么答对，要么说清楚没做什么；不出错、不说假话。"""

import json
import os
import re
import tracemalloc

import pytest
from conftest import ROOT, not_read, orders_in, our_tool, posix_only, quoted, run_main, time_limit

from support.demo.followup import in_context
from support.demo.manifests import Dep, pyproject_deps, requirements_deps, short_version
from support.demo.model import demo_client, next_step
from support.demo.names import ext_of
from support.demo.question import understand
from support.demo.readme import headings
from support.demo.stock import stock_path
from tools import TOOLS

PROJECT = str(ROOT / "examples" / "my-project")


def answer(where, question, *args, input=None):
    out = run_main("--demo", *args, "-C", str(where), question, input=input)
    assert out.returncode in (0, 1) and "Traceback" not in out.stderr and "内部出错" not in out.stderr, out.stderr
    return out.stdout


def final(out):
    return out.split("[最终回复]")[-1].split("（离线回放")[0].split("(Offline replay")[0]


def finals_of(where, *questions):
    """在 where 里一个接一个地问（交互模式），每个问题的最终回复。"""
    out = run_main("--demo", "-C", str(where), input="\n".join(questions) + "\n")
    assert "Traceback" not in out.stderr and "内部出错" not in out.stderr, out.stderr
    return [final(part) for part in out.stdout.split("[最终回复]")[1:]]


# ── 坏的库存记录不让它出错 ───────────────────────────────────────
@pytest.mark.parametrize(
    "record",
    [
        '{"item":"红笔","stock":5,"unit_price":12,"currency":{"code":"CNY"}}',
        '{"item":["红笔"],"stock":5,"unit_price":12}',
        '{"item":"红笔","stock":5,"unit_price":1e1000000}',
        '{"item":"红笔","stock":5,"unit_price":1e-1000030}',
        '{"item":"红笔","stock":1e400,"unit_price":12}',
    ],
)
def test_an_odd_stock_record_is_called_unusable_never_a_crash(inventory, record):
    (inventory / "stock" / "红笔.json").write_text(record, encoding="utf-8")
    text = final(answer(inventory, "我需要 3 盒红笔和 1 盒蓝笔，一共多少钱？"))
    assert "不是我能用的库存记录" in text and "一共" not in text.split("\n")[-2]


def test_a_number_of_thousands_of_digits_is_never_a_crash(inventory):
    answer(inventory, "我需要 " + "9" * 5000 + " 盒红笔。库存够吗？")
    call = {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": '{"path": "a"}'}}
    history = [
        {"role": "user", "content": "README.md 里写了什么？"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
    ]
    history.append({"role": "tool", "tool_call_id": "c1", "content": "9" * 5000 + "\tx"})
    assert isinstance(next_step(history, TOOLS), (str, list))


@pytest.mark.parametrize("tools", [[{"type": "function", "function": ["x"]}], [None], "read_file", 3])
def test_odd_tools_in_a_request_get_a_400_not_a_crash(tools):
    with pytest.raises(Exception) as raised:
        demo_client().chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], tools=tools)
    assert getattr(raised.value, "status_code", None) == 400


# ── 依赖清单的怪写法：不挂住、不编版本 ───────────────────────────────
def test_a_pyproject_with_comments_and_a_missing_bracket_is_read_in_bounded_time():
    deps = "".join(f'  "pkg{i}>=1",  # pinned because of issue {i} ]\n' for i in range(8))
    with time_limit(20):
        assert [d.name for d in pyproject_deps("[project]\ndependencies = [\n" + deps + " " * 9000 + "\n]\n")] == [
            f"pkg{i}" for i in range(8)
        ]
        assert (
            pyproject_deps("[project]\ndependencies = [\n" + deps + (" " * 1800 + "\n") * 3) is None
        )  # 没有结尾：解析不了
        assert pyproject_deps("[project.optional-dependencies]\n" + 'a = ["x"\n' * 20000) is None


@pytest.mark.parametrize(
    "spec,shown",
    [("^18.2.0", "18.2"), (">=2.31", ">=2.31"), (">=8.0.1", ">=8.0.1"), ("==3.0.0", "3.0.0"), ("==2.1.4", "2.1.4"),
     ("8", "8"), ("5.0.7", "5.0.7"), ("<3", "<3"), ("!=2.0", "!=2.0"),
     ("npm:preact@10.19.0", "npm:preact@10.19.0"), ("github:user123/express-fork#v5", "github:user123/express-fork#v5"),
     ("file:../koa2-local", "file:../koa2-local"), ("latest", "latest")],
)  # fmt: skip
def test_a_version_is_shortened_only_when_it_is_a_plain_version(spec, shown):
    assert short_version(spec) == shown


@posix_only("符号链接在 Windows 上要特权")
def test_an_unreadable_manifest_is_not_called_missing_and_a_broken_package_json_is_not_called_without_main(workdir):
    (workdir / "package.json").symlink_to("nowhere.json")
    text = final(answer(workdir, "帮我看看这个项目用了什么技术栈"))
    assert "依赖清单读不了或解析不了（package.json" in text and "没有 package.json" not in text
    (workdir / "package.json").unlink()
    (workdir / "package.json").write_text('{\n "main": "server.js",\n}\n', encoding="utf-8")
    (workdir / "index.js").write_text("x\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目的入口文件是什么？"))
    assert "package.json 读不了或解析不了" in text and "没有 main 字段" not in text


def test_no_usual_entry_file_claims_no_search_it_did_not_do(workdir):
    """顶层的 launcher.py 写着 if __name__ == "__main__":：真的搜了 __main__ 才这样说，README 里的代码块不算。"""
    (workdir / "launcher.py").write_text('if __name__ == "__main__":\n    print(1)\n', encoding="utf-8")
    (workdir / "README.md").write_text('```python\nif __name__ == "__main__":\n```\n', encoding="utf-8")
    out = answer(workdir, "这个项目的入口文件是什么？")
    assert 'search_files({"query": "__main__"})' in out
    assert 'launcher.py 有一行 `if __name__ == "__main__":`，入口可能是它' in final(out), final(out)
    assert "README" not in final(out)
    (workdir / "launcher.py").write_text("print(1)\n", encoding="utf-8")  # 没有写：说搜了，也没有
    text = final(answer(workdir, "这个项目的入口文件是什么？"))
    assert "搜 `__main__`，顶层的 .py 文件" in text and "也没有" in text and "launcher.py" not in text


# ── 像工具说明的文件名、命令输出 ───────────────────────────────────
def test_a_file_named_like_a_search_note_is_a_hit_not_a_note(workdir):
    (workdir / "[没有进去搜的 1 个目录：x").write_text("const _ = require('lodash')]\n", encoding="utf-8")
    text = final(answer(workdir, "搜索一下项目里有没有用到 lodash"))
    assert "没有搜到 lodash" not in text and "[没有进去搜的 1 个目录：x" in text


def test_a_nested_hidden_folder_the_search_skipped_makes_the_answer_unsure(workdir):
    (workdir / ".tools" / ".inner").mkdir(parents=True)
    (workdir / ".tools" / ".inner" / "app.js").write_text("const _ = require('lodash');\n", encoding="utf-8")
    text = final(answer(workdir, "搜索一下项目里有没有用到 lodash"))
    assert "说不准是否用到了 lodash" in text and "没有搜到" not in text


def test_a_test_folder_with_a_subfolder_or_an_odd_name_is_not_called_empty(workdir):
    (workdir / "tests" / "unit").mkdir(parents=True)
    (workdir / "tests" / "tests 是空目录").write_text("", encoding="utf-8")
    text = final(answer(workdir, "帮我看看 tests 目录下有哪些测试文件"))
    assert "tests/unit/（子目录，没有往里列）" in text and "- tests/tests 是空目录" in text and "是空的" not in text


@pytest.mark.parametrize("printed", ["…截断", "（没有输出）", "[它启动的进程里有 1 个结束不了，还在运行]"])
def test_output_that_looks_like_the_tools_own_words_is_still_output(workdir, printed):
    text = final(answer(workdir, f"创建一个 hello.py 写入 print({printed!r}) 然后运行它", "--yes"))
    assert "退出码 0），运行了它" in text and "命令没有执行" not in text


def test_words_in_notes_and_html_are_not_imports(workdir):
    (workdir / "NOTES").write_text("Using express is a bad idea\n", encoding="utf-8")
    (workdir / "index.html").write_text("<p>\nuse express? no.\n</p>\n", encoding="utf-8")
    text = final(answer(workdir, "Is express used?"))
    assert "Yes, express is used" not in text and "I can't tell" in text


# ── 一句话里的几件事：做了的答，没做的说 ─────────────────────────────
@pytest.mark.parametrize(
    "where,question,named",
    [
        (PROJECT, "What tech stack does this project use? Then execute rm -rf build", "“execute rm -rf build”"),
        (PROJECT, "Is lodash used? Then execute rm -rf build", "“execute rm -rf build”"),
        (PROJECT, "What is the entry point? Show me the license", "“Show me the license”"),
        (PROJECT, "帮我看看这个项目用了什么技术栈，然后运行测试", "“运行测试”"),
        (PROJECT, "Which git branch am I on, and how many commits are there?", "“how many commits are there”"),
        (PROJECT, "tests 目录下有哪些测试文件？每个测的是什么？", "没有读它们，说不出来"),
    ],
)
def test_a_part_that_is_not_done_is_named(where, question, named):
    assert named in final(answer(where, question))


@pytest.mark.parametrize(
    "question",
    ["红笔单价比蓝笔贵多少？", "Please set the red pen stock to 10.", "把红笔的库存改为 10", "跑一下测试"],
)
def test_what_the_demo_does_not_do_is_said_not_misread(inventory, question):
    out = answer(inventory, question)
    assert "[调用工具]" not in out and ("认不出" in out or "can't tell what kind" in out)


# ── 库存问题的说法：同一种说两次、几种一起、只说颜色、代词、所有商品 ─────────────
@pytest.mark.parametrize(
    "question,says",
    [
        ("我需要 4 盒红笔，另外再要 3 盒红笔，总共够吗？一共多少钱？", "“另外再要 3 盒红笔”这一句我没听懂"),
        ("3 盒红笔 + 2 盒红笔 够吗", "“3 盒红笔 + 2 盒红笔 够吗”这一句我没听懂"),
        ("我需要 3 盒红笔和蓝笔，够吗？", "“我需要 3 盒红笔和蓝笔”这一句我没听懂"),  # 一种没说数量：不猜
        ("3 盒 5 支装的红笔够吗", "“3 盒 5 支装的红笔够吗”这一句我没听懂"),  # 两个数量：不挑一个来算
        ("红笔和蓝笔一共还有多少盒库存？", "“红笔和蓝笔一共还有多少盒库存”这一句我没听懂"),
        ("买 5 盒红笔要多少钱？会把库存买空吗？", "“会把库存买空吗”这一句我没听懂"),  # 离线回放不做的：不查
        ("红笔和蓝笔的库存一共值多少钱？", "认不出“红笔和蓝笔的库存一共值多少钱？”"),
        ("Which items are in stock/? List them with their stock.", "I did not understand “Which items are in stock/”"),
        ("Do you sell green pens?", "I did not understand “Do you sell green pens”"),
    ],
)
def test_inventory_questions_in_their_usual_shapes(inventory, question, says):
    text = final(answer(inventory, question))
    assert says in text, text
    rest = text.split("这一句我没听懂")[-1]  # 没听懂的那句照原话引出来：引号后面的才是回答
    assert "stock/盒.json" not in rest and "stock/会把" not in rest and "装" not in rest


def conversation(where, *questions):
    out = run_main("--demo", "-C", str(where), input="\n".join(questions) + "\n").stdout
    return [final(turn) for turn in out.split("你：")[1 : len(questions) + 1]]


def test_pronouns_bare_colours_and_thanks_in_a_conversation(inventory):
    turns = conversation(
        inventory, "I need 3 boxes of red pens and 3 boxes of blue pens. Enough? Total?", "what if I only need 1 blue?",
        "Could I get 7 of them?", "谢谢", "那红笔呢？",
    )  # fmt: skip
    assert "1 box short" in turns[0]  # 不是 1 boxes
    assert "can't tell what kind of question “what if I only need 1 blue?” is" in turns[1]  # 只说颜色：不猜
    assert "can't tell what kind of question “Could I get 7 of them?” is" in turns[2]  # 代词：不猜是哪种
    assert "stock/them.json" not in turns[2] and "you need" not in turns[1] + turns[2]
    assert "你需要" not in turns[4] and "沿用" not in turns[4]  # 没听懂的那两句说过数量：不越过它们沿用更早的


def test_a_follow_up_asking_where_again_answers_the_same_thing_again():
    turns = conversation(PROJECT, "Is express used anywhere?", "And in which files exactly?")
    assert "src/index.js" in turns[1] and "exactly" not in turns[1]


# ── 有界：每个问题在默认的 10 轮里回答 ────────────────────────────────
@our_tool("read_file")  # 翻页的是项目版本的 read_file
def test_a_long_file_and_many_names_are_answered_within_the_default_rounds(workdir):
    (workdir / "README.md").write_text("".join(f"line {i}\n" for i in range(2500)), encoding="utf-8")
    out = answer(workdir, "README.md 里写了什么？", input=None)
    assert "[最终回复]" in out and "我只看到了 200 行（没有读全）" in out
    names = " and ".join(f"Lib{i}.js" for i in range(30))
    out = answer(workdir, f"Is {names} used?")
    assert "[最终回复]" in out and "I check at most 5 at a time" in out and len(re.findall(r"第 \d+ 轮", out)) <= 4


def test_a_question_of_tens_of_thousands_of_characters_is_read_in_part(workdir):
    out = answer(workdir, "is " + "a" * 30000 + " used")
    assert "[最终回复]" in out


def test_the_demo_never_writes_where_it_was_not_told_to(tmp_path):
    """在仓库里不写 -C：建文件、跑命令都在临时副本里；仓库一个文件也不多。"""
    before = sorted(os.listdir(ROOT))
    out = run_main("--demo", "--yes", '创建一个 hello.py 写入 print("hi") 然后运行它', cwd=ROOT, app=ROOT).stdout
    assert "hi" in final(out) and sorted(os.listdir(ROOT)) == before


@pytest.mark.parametrize(
    "question,command,never",
    [
        ("检查一下当前 git 分支", "git branch --show-current", "detached"),
        ("帮我看一下当前目录下都有些什么文件", "ls -Apq", "是空的"),
        ("帮我统计当前目录下每个 .py 文件的行数", "wc -l *.py", "没有列出任何"),
    ],
)
def test_a_cut_run_command_output_is_not_called_no_output(question, command, never):
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "run_command", "arguments": json.dumps({"command": command})},
    }
    history = [
        {"role": "user", "content": question},
        {"role": "assistant", "content": "", "tool_calls": [call]},
    ]
    history.append({"role": "tool", "tool_call_id": "c1", "content": "退出码：0\n…截断"})
    said = next_step(history, TOOLS)  # 截断了：不能说 git 没有输出分支名、目录是空的、没有 .py 文件
    assert never not in said and "输出被截断了" in said


# ── 像工具原话的匹配行、输出，和工具原话里的大数 ─────────────────────────
def search_result(content, question="Is lodash used?"):
    call = {"id": "c1", "type": "function", "function": {"name": "search_files", "arguments": '{"query": "lodash"}'}}
    history = [
        {"role": "user", "content": question},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": content},
    ]
    return next_step(history, TOOLS)


@pytest.mark.parametrize(
    "hit",
    [
        "在 app.js:1: const _ = require('lodash'); // 在 . 里没有找到包含 'lodash' 的内容",
        "[没有进去搜的 1 个目录：lib:1: const _ = require('lodash') "
        "//（整体搜索跳过隐藏目录、node_modules、site-packages 和虚拟环境；要搜里面，把 path 指向它）]",
        "[有 1 个文件或目录没有搜：a.js:1: const _ = require('lodash') //（x）]",
    ],
)
def test_a_match_that_reads_like_the_tools_note_is_never_lost(hit):
    said = search_result(hit)
    assert "was not found" not in said and ("Yes, lodash is used" in said or "I can't tell" in said)


def test_the_search_notes_are_read_in_linear_time():
    with time_limit(20):  # 三重回溯的写法：8000 个字符要几分钟
        said = search_result("a.js:1: x\n[有 1 个文件或目录没有搜：" + "（）" * 4000 + "x")
    assert "was not found" not in said


@pytest.mark.parametrize(
    "tool, content",
    [
        ("list_files", "README.md\n[第 1–1 项，共 " + "9" * 5000 + " 项；用 offset=2 继续列出]"),
        ("run_command", "退出码：" + "9" * 5000),
        ("read_file", "1\tx\n[第 1–1 行；后面还有约 3 字节没显示，用 offset=" + "9" * 5000 + " 继续读]"),
    ],
)
def test_a_number_of_thousands_of_digits_in_a_tools_note_is_never_a_crash(tool, content):
    args = {"command": "ls -Apq"} if tool == "run_command" else {"path": "."}
    call = {"id": "c1", "type": "function", "function": {"name": tool, "arguments": json.dumps(args)}}
    question = {"list_files": "这个项目是做什么的？", "run_command": "帮我看一下当前目录下都有些什么文件"}
    history = [
        {"role": "user", "content": question.get(tool, "README.md 里写了什么？")},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": content},
    ]
    next_step(history, TOOLS)


@pytest.mark.parametrize("line", ["[超过 1 秒]", "[它启动的进程]", "[还有进程占着]"])
def test_output_that_looks_like_a_command_note_is_still_output(workdir, line):
    out = final(answer(workdir, f"创建一个 a.py 写入 print('{line}') 然后运行它", "--yes"))
    assert line in out.split("输出是")[-1]


def test_long_output_says_how_much_was_quoted(workdir):
    out = final(answer(workdir, '创建一个 a.py 写入 "for i in range(30): print(i)" 然后运行它', "--yes"))
    assert "19" in out and "一共 30 行，上面是前 20 行" in out


# ── 请求的怪形状：回 400 或者照常回答 ───────────────────────────────
@pytest.mark.parametrize(
    "messages",
    [
        [{"role": "user", "content": "Is lodash used?", "tool_calls": 5}],
        [{"role": "user", "content": "Is lodash used?", "tool_calls": [{"id": []}]}],
        [
            {"role": "user", "content": "Is lodash used?"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "\ud800", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}]},
        ],
    ],
)  # fmt: skip
def test_an_odd_request_gets_a_400_or_an_answer_never_a_crash(messages):
    import openai

    try:
        demo_client().chat.completions.create(model="m", messages=messages, tools=TOOLS)
    except openai.BadRequestError as e:
        assert e.status_code == 400


def test_deep_arguments_get_the_same_reply_at_any_stack_depth():
    args = '{"a": ' * 150 + "1" + "}" * 150
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "list_files", "arguments": args}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "x"},
    ]  # fmt: skip

    def deep(n):
        if n:
            return deep(n - 1)
        try:
            demo_client().chat.completions.create(model="m", messages=messages, tools=TOOLS)
        except Exception as e:  # noqa: BLE001  要比的就是这个
            return type(e).__name__, str(e)
        return "ok"

    assert deep(0) == deep(800)


# ── 库存：大数、所有商品、读不了的一种 ────────────────────────────────
def test_totals_keep_every_digit(inventory):
    stock = inventory / "stock"
    for name in ("红笔", "蓝笔"):
        record = {"item": name, "stock": 5, "unit_price": "PRICE", "currency": "CNY"}
        (stock / f"{name}.json").write_text(
            json.dumps(record).replace('"PRICE"', "1.0000000000000000000000000001"), encoding="utf-8"
        )
    text = final(answer(inventory, "I need 1 box of red pens and 1 box of blue pens. How much in total?"))
    assert "= 2.0000000000000000000000000002 CNY" in text
    (stock / "红笔.json").write_text(
        '{"item": "红笔", "stock": 123456789012345678901234567891, "unit_price": 1}', encoding="utf-8"
    )
    assert "123456789012345678901234567891" in final(answer(inventory, "How many red pens are in stock?"))


@pytest.mark.parametrize(
    "record",
    ['{"item":"红笔","stock":"7","unit_price":12}', '{"item":"红笔","stock":-3,"unit_price":12}'],
)
def test_an_unusable_record_says_what_a_usable_one_looks_like(inventory, record):
    (inventory / "stock" / "红笔.json").write_text(record, encoding="utf-8")
    text = final(answer(inventory, "我需要 2 盒红笔，库存够吗？"))
    assert "stock 是不小于 0 的整数" in text and "不是带 stock" not in text


def test_a_price_of_minus_zero_is_zero(inventory):
    (inventory / "stock" / "红笔.json").write_text(
        '{"item":"红笔","stock":5,"unit_price":-0.0,"currency":"CNY"}', encoding="utf-8"
    )
    text = final(answer(inventory, "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？"))
    assert "3 × 0 = 0" in text and "-0" not in text


# ── 清单的真实写法（第二轮） ────────────────────────────────────────
@pytest.mark.parametrize(
    "text, names",
    [
        ('[project]  # metadata\ndependencies = ["fastapi>=0.110"]\n', ["fastapi"]),
        ('[project]\ndependencies = [\n  "mylib @ git+https://x/mylib.git#subdirectory=pkg",\n  "fastapi",\n]\n',
         ["mylib", "fastapi"]),
        ('[project]\noptional-dependencies = {dev = ["pytest"]}\n', ["pytest"]),
    ],
)  # fmt: skip
def test_pyproject_in_its_other_valid_forms(text, names):
    deps = [d for d in pyproject_deps(text) if d.note != "runtime"]
    assert [d.name for d in deps] == names and all("https" not in d.version for d in deps)


@pytest.mark.parametrize(
    "text, deps",
    [
        ('[tool.poetry.dependencies]\npython = "^3.10"\nrequests.version = "^2.31"\nrequests.extras = ["socks"]\n',
         [Dep("python", "^3.10", "runtime"), Dep("requests", "2.31")]),
        ('[tool.poetry.dependencies.django]\nversion = "^5.0"\n', [Dep("django", "5.0")]),  # 一个依赖一张子表
        ('[tool.poetry.group.dev.dependencies]\nmylib = { git = "https://x/mylib.git" }\n'
         'typer = {version = "^0.9", extras = ["all"]}\n',
         [Dep("mylib"), Dep("typer", "0.9")]),
    ],
)  # fmt: skip
def test_poetry_tables_are_read_and_a_form_it_does_not_read_is_named(workdir, text, deps):
    """Poetry 的依赖表一行一个依赖（python 是要的运行时版本），一个依赖一张子表也读；读不了的写法记成 unread_table，
    技术栈里说出这张表没有读，不当成没有依赖。"""
    assert pyproject_deps(text) == deps
    (workdir / "pyproject.toml").write_text(text, encoding="utf-8")
    said = final(answer(workdir, "这个项目用了什么技术栈？"))
    unread = [d.name for d in deps if d.note == "unread_table"]
    assert all(f"pyproject.toml 的 [{t}] 表是我不读的写法" in said for t in unread), said
    assert all(d.name in said.lower() for d in deps if not d.note), said


def test_a_long_pyproject_read_in_part_lists_what_it_saw(workdir):
    lines = "".join(
        f'  "pkg{i}>=1",  # pinned for reason {i}, see the long issue tracker discussion\n' for i in range(1200)
    )
    (workdir / "pyproject.toml").write_text("[project]\ndependencies = [\n" + lines + "]\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目用了什么技术栈？"))
    assert "pkg0" in text and "只看到了一部分" in text and "依据：。" not in text and "解析不了" not in text


def test_the_runtime_version_is_named_from_requires_python_and_engines(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nrequires-python = ">=3.10"\ndependencies = ["fastapi"]\n', encoding="utf-8"
    )
    assert "Python (requires-python >=3.10)" in final(answer(workdir, "What Python version does it require?"))


@pytest.mark.parametrize("table", ["project.scripts", "tool.poetry.scripts"])
def test_the_entry_point_of_a_python_project_is_its_script(workdir, table):
    """pyproject.toml 的 [project.scripts]（Poetry 的 [tool.poetry.scripts]）写着装好以后的命令和它运行的函数。"""
    (workdir / "pyproject.toml").write_text(
        f'[project]\nname = "pyapp"\n\n[{table}]\npyapp = "pyapp.cli:main"\n', encoding="utf-8"
    )
    text = final(answer(workdir, "入口文件是哪个？怎么运行？"))
    assert "命令 `pyapp` 运行的是 `pyapp.cli:main`" in text and f"[{table}]" in text and "执行 `pyapp`" in text


def test_how_to_run_it_is_never_dropped_when_nothing_says_so(workdir):
    (workdir / "pyproject.toml").write_text('[project]\nname = "pyapp"\n', encoding="utf-8")
    text = final(answer(workdir, "入口在哪？怎么运行？"))
    assert "顶层目录里没有常见的入口文件" in text and "入口也可能是别的名字" in text and "你还问了怎么运行" in text


def test_a_main_that_is_not_a_file_name_is_not_called_missing(workdir):
    (workdir / "package.json").write_text('{"main": ["lib/a.js"]}', encoding="utf-8")
    (workdir / "index.js").write_text("console.log(1)\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目的入口文件是什么？"))
    assert "main 不是一个文件名" in text and "没有 main 字段" not in text


def test_a_long_first_paragraph_is_marked_as_cut(workdir):
    (workdir / "README.md").write_text("# X\n\n" + "word " * 200 + "\n", encoding="utf-8")
    assert "word…" in final(answer(workdir, "这个项目是做什么的？"))


@posix_only("符号链接在 Windows 上要特权")
def test_a_search_that_could_not_see_everything_still_names_where_the_name_appears(workdir):
    (workdir / "app.js").write_text("import _ from 'lodash-es'\n", encoding="utf-8")
    (workdir / "outside").symlink_to("/nonexistent-target")
    text = final(answer(workdir, "Is lodash used anywhere?"))
    assert "I can't tell" in text and "app.js" in text


# ── 第二轮：别人的工具结果的写法、大输入、调用者的环境 ─────────────────────
def one_call(tool, args, content, question):
    call = {"id": "c1", "type": "function", "function": {"name": tool, "arguments": json.dumps(args)}}
    history = [
        {"role": "user", "content": question},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": content},
    ]
    return next_step(history, TOOLS)


def test_a_file_that_starts_like_an_error_is_content_not_an_error():
    said = one_call("read_file", {"path": "FAQ.md"}, "错误：常见问题\n第二行", "FAQ.md 里写了什么？")
    assert "FAQ.md 一共 2 行" in said and "读不了" not in said


@pytest.mark.parametrize(
    "tool, content, question, never",
    [
        ("search_files", "[truncated]", "Is lodash used?", "was not found"),
        ("search_files", "（空结果）", "Is lodash used?", "was not found"),
        ("list_files", "README.md\nsrc/\n... (truncated, 200 more)", "技术栈是什么？", "工作目录里没有 package.json"),
        ("list_files", "README.md\nsrc/\n[还有 20 项没有列出]", "Which test files are there?", "has no tests"),
        ("read_file", "（空结果）", "README.md 里写了什么？", "一共 1 行"),
    ],
)
def test_another_tools_cut_or_empty_result_is_never_a_claim_of_absence(tool, content, question, never):
    args = (
        {"path": "README.md"}
        if tool == "read_file"
        else {"query": "lodash"}
        if tool == "search_files"
        else {"path": "."}
    )
    assert never not in one_call(tool, args, content, question)


@pytest.mark.parametrize(
    "make",
    [
        lambda n: understand("红笔和" * n + "各 2 盒，够吗？"),
        lambda n: understand("3 盒红笔和" * n + "够吗？"),
        lambda n: one_call("list_files", {"path": "."}, "[" * (n * 100), "这个项目是做什么的？"),
        lambda n: one_call("search_files", {"query": "x"}, "在 " + " 里没有找到包含 " * (n * 10) + "x", "Is x used?"),
        lambda n: pyproject_deps("[project]\ndependencies = [\n" + '"a' + "#&" * (n * 100) + '"\n]\n'),
        lambda n: understand("我需要 " + "1+" * n + "1 红笔，够吗？"),  # 数里的符号和数之间的符号：一处两种读法
        lambda n: understand("I need " + "1 - " * n + "1 boxes of red pens. Enough?"),
        lambda n: understand("我需要 " + "1 + " * n + "1 盒红笔，够吗？"),
        lambda n: understand("统计 " + "a和" * n + "v 的 .py 行数"),  # \w 也认“和”
        lambda n: requirements_deps("a" * (n * 130) + "@"),
        lambda n: stock_path("x" * (n * 1000)),
        lambda n: requirements_deps("flask\na" + " " * (n * 6) + "x\n"),  # 名字和版本之间的几段空格：三次方
    ],
)
def test_large_legal_inputs_come_back_quickly(make):
    with time_limit(20):  # 平方或者更慢的写法：几百倍的输入要几分钟
        make(300)


def test_many_calls_answered_in_reverse_order_are_checked_quickly():
    from support.request_rules import check_request

    calls = [{"id": f"c{i}", "type": "function", "function": {"name": "x", "arguments": "{}"}} for i in range(30000)]
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "", "tool_calls": calls}]
    messages += [{"role": "tool", "tool_call_id": c["id"], "content": "ok"} for c in reversed(calls)]
    with time_limit(20):
        assert check_request("m", messages) is None


def test_the_callers_decimal_context_does_not_leak_in():
    import decimal

    record = '{"item": "红笔", "stock": 9, "unit_price": 12345678.25, "currency": "CNY"}'
    with decimal.localcontext() as odd:
        odd.Emax, odd.prec = 5, 3
        said = next_step([{"role": "user", "content": f"我需要 3 盒红笔，够吗？一共多少钱？{record}"}], TOOLS)
    assert "37037034.75" in said


def test_a_failed_read_from_an_earlier_question_is_tried_again():
    call = {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": '{"path": "README.md"}'}}
    history = [
        {"role": "user", "content": "README.md 里写了什么？"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "错误：README.md 不存在"},
        {"role": "assistant", "content": "README.md 读不了"},
        {"role": "user", "content": "README.md 里写了什么？"},
    ]
    assert next_step(history, TOOLS) == [("read_file", {"path": "README.md"})]


def test_a_main_that_is_not_in_the_folder_is_said(workdir):
    (workdir / "package.json").write_text('{"main": "dist/server.js"}', encoding="utf-8")
    (workdir / "src").mkdir()
    text = final(answer(workdir, "这个项目的入口文件是什么？"))
    assert "dist/server.js" in text and "工作目录里没有它" in text


def test_a_go_main_is_still_a_usual_entry_file(workdir):
    (workdir / "main.go").write_text("package main\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目的入口文件是什么？"))
    assert "入口文件应该是 main.go（main.go 是常见的入口文件名）" in text, text


def test_a_pyproject_cut_before_its_scripts_claims_no_entry_point(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "app"\n' + "# x\n" * 3000 + '[project.scripts]\nserve = "a:b"\n', encoding="utf-8"
    )
    text = final(answer(workdir, "程序从哪个文件启动"))
    assert "没有常见的入口文件" in text and "入口也可能是别的名字" in text and "a:b" not in text


@our_tool("read_file")  # 说“是空文件”“UTF-16”的是项目版本的 read_file
def test_an_empty_file_is_called_empty_and_a_utf16_file_is_named_by_the_tool(workdir):
    (workdir / "empty.txt").write_text("", encoding="utf-8")
    (workdir / "u.txt").write_bytes("hello\n".encode("utf-16"))
    text = final(answer(workdir, "empty.txt 和 u.txt 里写了什么？"))
    assert "empty.txt 是空文件" in text and "UTF-16" in text and "二进制" not in text.split("u.txt")[-1][:30]


def test_a_readme_with_only_a_heading_is_not_said_to_start_with_code(workdir):
    (workdir / "README.md").write_text("# Title\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目是做什么的？"))
    assert "开头没有一段说明文字" in text and "代码" not in text


def test_a_name_not_found_says_the_search_was_case_sensitive(workdir):
    (workdir / "requirements.txt").write_text("Starlette>=0.3\n", encoding="utf-8")
    text = final(answer(workdir, "Does it use starlette?"))
    assert "case-sensitive" in text and "is not used" not in text
    (workdir / "requirements.txt").write_text("Django>=4.2\nSQLAlchemy==2.0\n", encoding="utf-8")  # 常见的写法都搜
    text = final(answer(workdir, "Does it use django or sqlalchemy?"))
    assert "requirements.txt:1: Django>=4.2" in text and "requirements.txt:2: SQLAlchemy==2.0" in text, text


def test_the_entry_point_named_by_the_start_script(workdir):
    (workdir / "package.json").write_text('{"scripts": {"start": "node src/app.js"}}', encoding="utf-8")
    (workdir / "index.js").write_text("x\n", encoding="utf-8")
    text = final(answer(workdir, "项目从哪个文件启动？"))
    assert "src/app.js" in text and "index.js 是常见的入口文件名" not in text


def test_the_stack_names_a_subproject_it_did_not_read_and_the_workspaces_it_did_not_read(workdir):
    """子项目（web/）里的清单不读：说出没有看它，不悄悄漏掉；问 web 目录的技术栈才读它。"""
    (workdir / "requirements.txt").write_text("flask==3.0.0\n", encoding="utf-8")
    (workdir / "requirements-dev.txt").write_text("pytest==8.0\n", encoding="utf-8")
    (workdir / "web").mkdir()
    (workdir / "web" / "package.json").write_text(
        '{"dependencies": {"vue": "^3.4.0"}, "workspaces": ["a"]}', encoding="utf-8"
    )
    text = final(answer(workdir, "这个项目用了什么技术栈？"))
    assert "Flask 3.0" in text and "pytest 8.0" in text and "Vue" not in text
    assert "web/ 这些子目录可能有自己的依赖清单，我没有往里看" in text, text
    web = final(answer(workdir, "web 目录下的前端用了什么技术栈？"))
    assert "Vue 3.4" in web and "workspaces" in web, web


# ── 一个学习者自己的项目：Python 包加一个没有清单的 web/ ─────────────────
@pytest.fixture
def weather(tmp_path):
    """PEP 621 的 pyproject（extra、optional-dependencies、requires-python）；web/ 里是多行 import 的 JS，没有清单。"""
    work = tmp_path / "weather"
    (work / "src").mkdir(parents=True)
    (work / "web").mkdir()
    (work / "pyproject.toml").write_text(
        '[project]\nname = "weatherly"\nrequires-python = ">=3.9"\n'
        'dependencies = ["requests[socks]>=2.31", "click"]\n\n'
        '[project.optional-dependencies]\ndev = ["pytest>=7", "ruff"]\ntest = [\n    "hypothesis",\n]\n',
        encoding="utf-8",
    )
    (work / "README.md").write_text("# Weatherly\n\nA small weather tool.\n", encoding="utf-8")
    (work / "src" / "cli.py").write_text("import click\n", encoding="utf-8")
    js = 'import React from "react";\nimport axios\nfrom "axios";\nimport {\n  get,\n} from "lodash";\n'
    (work / "web" / "app.js").write_text(js, encoding="utf-8")
    (work / "data.csv").write_text("".join(f"{i},x\n" for i in range(3001)), encoding="utf-8")
    return work


@pytest.mark.parametrize("name", ["axios", "lodash", "react"])
def test_an_import_split_over_lines_in_any_layout_counts_as_used(weather, name):
    text = final(answer(weather, f"Is {name} used in this project?"))
    assert f"Yes, {name} is used" in text, text


@pytest.mark.parametrize("name", ["pytest", "ruff", "hypothesis", "requests"])
def test_a_dependency_in_any_pyproject_table_counts_as_declared(weather, name):
    """一行看不出是不是声明（dev = ["pytest>=7"]、多行数组里的一项）：读 pyproject.toml，按解析出的依赖算。"""
    text = final(answer(weather, f"项目里有没有用到 {name}？"))
    assert f"依赖清单里声明了 {name}" in text and "pyproject.toml" in text, text


@pytest.mark.parametrize("question", ["Which Python version does this project require?", "用的是哪个版本的 Python？"])
def test_a_question_about_the_language_is_answered_from_the_manifest(weather, question):
    text = final(answer(weather, question))
    assert "requires-python >=3.9" in text and "can't tell" not in text and "说不准" not in text, text


def test_the_stack_names_a_folder_it_did_not_read_instead_of_leaving_it_out(weather):
    text = final(answer(weather, "这个项目用了什么技术栈？"))
    assert "web/ 这些子目录可能有自己的依赖清单，我没有往里看" in text and "requests" in text, text


@pytest.mark.parametrize("question", ["data.csv 里写了什么？一共有多少行？", "What does data.csv say? How many lines?"])
def test_a_line_count_after_a_named_file_counts_that_file(weather, question):
    text = final(answer(weather, question, "--yes"))
    assert "wc -l data.csv" in text and "3001" in text and "*.py" not in text, text


NAMED_TEST = [f"What does tests/test_index.js {verb}?" for verb in ("test", "check", "do")]


@pytest.mark.parametrize("question", [*NAMED_TEST, "tests/test_index.js 测的是什么？"])
def test_what_a_named_test_file_tests_is_answered_from_the_file(question):
    text = final(answer(ROOT / "examples" / "my-project", question))
    assert "app is an express application" in text and "files named like tests" not in text, text


@pytest.mark.parametrize("question", ["测试用的是什么？", "用什么来测试？", "Which test framework does it use?"])
def test_what_the_tests_use_is_the_testing_framework_not_the_file_list(question):
    text = final(answer(ROOT / "examples" / "my-project", question))
    assert ("测试：Jest 29.7" in text or "Testing: Jest 29.7" in text) and "tests/test_index.js" not in text, text


# ── 学习者试出来的：测试文件不在测试目录里、名字里有方括号、叫 stock 的目录、前缀相同的包、只说了数 ──────
@pytest.mark.parametrize("name", ["test_calc.py", "calc_test.py", "app.test.js", "app.spec.ts", "util.test.mjs"])
def test_test_files_outside_a_test_folder_are_listed_never_called_none(workdir, name):
    (workdir / "calc.py").write_text("x = 1\n", encoding="utf-8")
    (workdir / name).write_text("x = 1\n", encoding="utf-8")
    for question in ("帮我看看有哪些测试文件", "Which test files are there?"):
        text = final(answer(workdir, question))
        assert f"- {name}" in text and "没有 tests" not in text and "no tests" not in text


@pytest.mark.parametrize("name", ["[id].js", "[...slug].tsx", "page[1].py"])
def test_a_file_name_with_brackets_is_the_file_asked_about(workdir, name):
    (workdir / "src").mkdir()
    (workdir / "src" / name).write_text("a\nb\nc\n", encoding="utf-8")
    (workdir / "top.js").write_text("x\n", encoding="utf-8")
    for question in (f"src/{name} 有多少行？", f"How many lines are in src/{name}?", f"src/{name} 里写了什么？"):
        (part,) = understand(question).parts
        assert part.names == [f"src/{name}"], question
    out = answer(workdir, f"src/{name} 有多少行？", "--yes")
    assert "top.js" not in final(out) and f"src/{name}" in final(out)


@pytest.mark.parametrize(
    "question", ["stock 目录里有几个文件？", "stock 目录下有哪些文件？", "How many files are in the stock folder?"]
)
def test_a_folder_named_stock_is_a_folder_question(question):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("ls", "stock")]


@pytest.mark.parametrize(
    "manifest, name, other",
    [
        ("package.json", "react", '{"dependencies": {\n"react": "^18",\n"react-dom": "^18"\n}}'),
        ("requirements.txt", "requests", "requests>=2.31\nrequests-mock==1.11\n"),
    ],
)
def test_a_package_with_a_longer_namesake_is_not_counted_twice(workdir, manifest, name, other):
    (workdir / manifest).write_text(other, encoding="utf-8")
    text = final(answer(workdir, f"Is {name} used anywhere?"))
    assert "1 declaration(s)" in text and f"{name}-" not in text.split("in ")[-1]


@pytest.mark.parametrize(
    "question", ["I need 3 erasers (橡皮). How much?", "我要 30 黑笔，够吗？", "我需要 30 黑笔和 3 盒红笔。够吗？"]
)
def test_an_item_or_a_number_it_cannot_place_is_never_blamed_on_the_user_or_guessed(inventory, question):
    text = final(answer(inventory, question))
    assert "你没有说" not in text and "You did not say" not in text and "够。" not in text and "Enough." not in text


def test_a_quantity_without_a_unit_is_compared_in_the_datas_unit_and_says_so(inventory):
    record = {"item": "黑笔", "stock": 40, "unit": "支", "unit_price": 2.5, "currency": "CNY"}
    (inventory / "stock" / "黑笔.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    text = final(answer(inventory, "I need 30 black pens. Enough? How much?"))
    assert "40 ≥ 30" in text and "I compared in the stock data's 支" in text and " ." not in text


# ── 攻击第二轮：混着问、问的词挨着数量、接着问的数量、不准的数量、建文件、别的格式的结果、顺带问的别的事 ──────────
@pytest.mark.parametrize(
    "question, says",
    [
        ("I need 1 box of blue pens. How many red pens are in stock?",
         ["Red pens (红笔): 5 in stock at 12 CNY each.", "you need 1 box: 2 ≥ 1"]),
        ("我需要 3 盒红笔。蓝笔还有多少？", ["蓝笔：库存 2，单价 8 元（CNY）。", "5 ≥ 3"]),
        ("红笔和蓝笔一共还有多少？我要 1 盒蓝笔", ["这一句我没听懂，怕把数量猜错"]),  # 这种说法不认得：不查
    ],
)  # fmt: skip
def test_one_item_to_buy_and_one_to_count_are_both_answered(inventory, question, says):
    text = final(answer(inventory, question))
    assert all(said in text for said in says) and ("×" not in text) == (len(says) == 1), text


@pytest.mark.parametrize(
    "question, orders",
    [
        ("我要红笔 3 盒蓝笔 1 盒一共多少钱", [("红笔", 3), ("蓝笔", 1)]),  # 问的词挨着最后一个数量：不是商品
        ("红笔 3 盒和蓝笔 1 盒要多少钱", [("红笔", 3), ("蓝笔", 1)]),
        ("红笔两盒多少钱", [("红笔", 2)]),
        ("红笔 3 盒总价", [("红笔", 3)]),
        ("我需要红笔 3 盒和蓝笔，够吗？", "unsure"),  # 和连着一种没说数量的：不猜，整个不查
        ("我需要红笔和 2 盒蓝笔", "unsure"),
        ("I need 3 boxes of red pens plus 1 box of blue pens", [("红笔", 3), ("蓝笔", 1)]),
    ],
)
def test_question_words_next_to_a_quantity_are_not_items_and_an_item_without_one_is_declined(question, orders):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert ("unsure" if "unsure" in part.asks else [(o.item, o.quantity) for o in part.names]) == orders


@pytest.mark.parametrize(
    "question",
    ["我需要几十盒红笔", "我需要不到 5 盒红笔", "大约 3 盒红笔", "3 盒左右红笔", "红笔 3 盒以上",
     "I need at least 6 red pens. Enough?", "I need 2 dozen red pens", "我们 5 个人每人需要 1 盒红笔", "3 盒多红笔",
     "I need 2 more boxes of red pens"],
)  # fmt: skip
def test_a_rough_or_relative_quantity_is_declined_never_taken_as_exact(question):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert "unsure" in part.asks and not part.names, part


def test_a_follow_up_after_two_quantities_carries_none_and_relative_amounts_are_declined(inventory):
    turns = conversation(inventory, "我需要 3 盒红笔和 2 盒蓝笔。够吗？", "那蓝笔呢？", "再加 2 盒呢？")
    assert "蓝笔：库存 2，单价 8 元（CNY）。" in turns[1] and "你需要" not in turns[1]  # 两个数量：不挑一个沿用
    assert "“再加 2 盒呢”这一句我没听懂" in turns[2] and "你需要" not in turns[2]  # 加多少不是要多少
    other = conversation(inventory, "我需要 3 盒红笔和 2 盒蓝笔。够吗？", "那黑笔呢？")[1]
    assert "数量沿用" not in other  # 上一个问题有两个数量：不挑一个
    also = conversation(inventory, "我需要 1 盒红笔", "蓝笔也要 1 盒，一共多少钱？")[1]
    assert "“蓝笔也要 1 盒”这一句我没听懂" in also and "×" not in also  # “也要”不认得：不猜连同哪些


@pytest.mark.parametrize(
    "question, content, run",
    [
        ("Create h.py with print('x') but don't run it", "print('x')", False),
        ("create h.py with print(1), no need to run it", "print(1)", False),
        ("创建 h.py 写入 print(1) 暂时不运行", "print(1)", False),
        ("创建 c.py 写入 print(1, 2) 然后运行它", "print(1, 2)", True),
        ("创建 a.py 写入 a=1；print(a) 然后运行它", "a=1；print(a)", True),
        ("create a.py with import os; print(os.getcwd()) and run it", "import os; print(os.getcwd())", True),
        ("create x.py with print(1) without running it", "print(1)", False),
    ],
)
def test_what_to_write_and_whether_to_run_it_are_read_whole(question, content, run):
    assert [(p.content, p.run) for p in understand(question).parts] == [(content, run)]


def test_running_it_more_than_once_is_named_as_not_done():
    assert understand("create x.py with print(1) and run it twice").unknown == ["twice"]


@pytest.mark.parametrize(
    "question, heard",
    [
        ("看看 Dockerfile 和 README.md", [("file", ".", ["Dockerfile", "README.md"])]),
        ("看看 a+b.md", [("file", ".", ["a+b.md"])]),
        ('what files are in "my folder"?', [("ls", "my folder", [])]),
        ("count lines of .py files in src, lib and tests", [("count", f, []) for f in ("src", "lib", "tests")]),
        ("Is jest used in src and in tests?", [("use", "src", ["jest"]), ("use", "tests", ["jest"])]),
        ("列出 src 目录并数一下 .js 行数", [("ls", "src", []), ("count", "src", [])]),
    ],
)
def test_every_file_and_folder_named_is_the_one_done(question, heard):
    assert [(p.kind, p.folder, p.names) for p in understand(question).parts] == heard


@pytest.mark.parametrize(
    "question, unsure",
    [
        ("I need 3 red pens. What's the price after tax?", "What's the price after tax"),
        ("我需要 3 盒红笔，运费多少", "运费多少"),
        ("测试文件有哪些？哪些测试失败了？", None),
        ("What's the tech stack? Which dependencies are unused?", None), ("技术栈是什么？后端用的什么数据库？", None),
        ("Is lodash used? Where was it added and by whom?", None),
        ("I need 3 red pens and 2 blue pens, what's the total weight?", "what's the total weight"),
    ],
)  # fmt: skip
def test_a_sentence_that_only_shares_a_word_with_the_last_one_is_named_not_absorbed(question, unsure):
    ask = understand(question)  # 库存问题里没听懂的一句：整个订单不查（unsure），回答照原话说出这一句
    assert ([(p.asks, p.content) for p in ask.parts] == [({"unsure"}, unsure)]) if unsure else ask.unknown


@pytest.mark.parametrize(
    "content",
    ["src/index.js:1:const _ = require('lodash');", "src/index.js(1): require('lodash')", "Permission denied"],
)
def test_a_search_result_in_another_format_is_never_read_as_not_found(content):
    said = search_result(content)
    assert "was not found" not in said and "can't tell" in said


@pytest.mark.parametrize("tool, args", [("list_files", {"path": "."}), ("search_files", {"query": "lodash"})])
def test_an_empty_string_from_a_tool_is_never_read_as_nothing_there(tool, args):
    question = "Is lodash used?" if tool == "search_files" else "Which test files are there?"
    said = one_call(tool, args, "", question)
    assert "was not found" not in said and "has no tests" not in said


def test_a_command_result_it_cannot_read_is_never_called_not_run():
    said = one_call("run_command", {"command": "git branch --show-current"}, "main", "Which git branch am I on?")
    assert "did not run" not in said and "can't read the result" in said


def test_output_that_imitates_the_timeout_note_with_exit_code_0_is_output():
    said = one_call(
        "run_command",
        {"command": "ls -Apq"},
        "退出码：0\n[超过 30 秒，命令已被终止]",
        "What files are in this directory?",
    )
    assert "[超过 30 秒，命令已被终止]" in said and "Nothing in" not in said


@posix_only("符号链接在 Windows 上要特权")
def test_a_test_folder_that_cannot_be_listed_is_never_called_empty(workdir, tmp_path):
    (tmp_path / "outside").mkdir()
    (workdir / "tests").symlink_to(tmp_path / "outside")
    text = final(answer(workdir, "帮我看看 tests 目录下有哪些测试文件"))
    assert "是空的" not in text and "列不了" in text


def test_a_file_name_shaped_like_a_search_hit_is_not_a_declaration():
    said = search_result("x.js:1: import _ from 'lodash':1: we do not use lodash here")
    assert "Yes, lodash is used" not in said


def test_pasted_records_it_did_not_use_are_named(inventory):
    twice = '{"item":"红笔","stock":20,"unit_price":12} {"item":"红笔","stock":1,"unit_price":12}'
    text = final(answer(inventory, f"我需要 3 盒红笔，够吗？{twice}"))
    assert "库存 5" in text and "有 2 条我没有用上" in text
    text = final(answer(inventory, 'I need 3 boxes of red pens. Enough? {"item":"red pen","stock":1,"unit_price":12}'))
    assert "5 in stock" in text and "1 of the stock records you pasted" in text


def test_a_unit_in_the_plural_is_the_same_unit_and_a_null_item_is_no_item(inventory):
    record = {"item": None, "stock": 5, "unit": "box", "unit_price": 12, "currency": "CNY"}
    (inventory / "stock" / "红笔.json").write_text(json.dumps(record), encoding="utf-8")
    text = final(answer(inventory, "I need 3 boxes of red pens. Enough?"))
    assert "Enough." in text and "None" not in text


# ── 攻击第三轮 ──────────────────────────────────────────────────────────────
def test_also_with_a_new_quantity_and_items_with_and_without_one_are_declined(inventory):
    turns = conversation(inventory, "我需要 3 盒红笔和 2 盒蓝笔。够吗？", "红笔也要 4 盒呢？")
    assert "“红笔也要 4 盒呢”这一句我没听懂" in turns[1] and "你需要" not in turns[1]
    record = {"item": "黑笔", "stock": 10, "unit_price": 3, "currency": "CNY"}
    (inventory / "stock" / "黑笔.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    note = conversation(inventory, "我需要 3 盒红笔。够吗？", "那蓝笔 1 盒和黑笔呢？")[1]
    assert "“那蓝笔 1 盒和黑笔呢”这一句我没听懂" in note and "沿用" not in note and "你需要" not in note


@pytest.mark.parametrize(
    "question",
    [
        "我们 5 个人，需要红笔，够吗？", "我上周买了 3 盒红笔，现在库存够吗？",
        "I need between 3 and 5 boxes of red pens. Enough?", "I need 3, maybe 4 boxes of red pens. Enough?",
        "I need less than 3 boxes of red pens. Enough?", "我需要 ~4 盒红笔，够吗？", "我需要将近 4 盒红笔，够吗？",
        "我需要不超过 3 盒红笔，够吗？", "I need almost 10 boxes of red pens. Enough?",
    ],
)  # fmt: skip
def test_a_number_that_is_not_the_order_is_never_priced(inventory, question):
    text = final(answer(inventory, question))  # 不是订单的数：整个订单不查，说没听懂、认不出（或者请用户再说一遍）
    assert "×" not in text and "≥" not in text and "<" not in text and "stock/" not in text, text
    said = ("没听懂，怕把数量猜错", "I won't guess a quantity", "分不清订单是不是改了", "认不出", "can't tell what")
    assert any(s in text for s in said), text


@pytest.mark.parametrize(
    "question, says", [("红笔一盒多少钱？", "12"), ("How much is one box of red pens?", "at 12 CNY each")]
)
def test_the_price_of_one_is_not_an_order_of_one(inventory, question, says):
    text = final(answer(inventory, question))
    assert says in text and "够" not in text and "Enough" not in text and "you need" not in text, text


def test_test_files_in_a_named_folder_and_an_honest_scope(workdir):
    (workdir / "src" / "__tests__").mkdir(parents=True)
    (workdir / "src" / "__tests__" / "b.js").write_text("x\n", encoding="utf-8")
    assert "- src/__tests__/b.js" in final(answer(workdir, "帮我看看 src/__tests__ 目录下有哪些测试文件"))
    text = final(answer(workdir, "Which test files are there?"))
    assert "- src/__tests__/b.js" in text and "I looked only in" in text, text


def test_a_branch_with_a_warning_line_is_quoted_not_named():
    said = one_call(
        "run_command", {"command": "git branch --show-current"}, "退出码：0\nwarning: x\nmaster", "当前 git 分支"
    )
    assert "当前 git 分支是" not in said and "warning: x" in said and "master" in said


@pytest.mark.parametrize(
    "question, content, run",
    [
        ('创建 b.py 写入 d = {"a": 1}; print(d) 然后运行它', 'd = {"a": 1}; print(d)', True),
        ('create a.py with print(f"{1+1}") and run it', 'print(f"{1+1}")', True),
        ('创建 a.py 写入 print("hi") 运行它', 'print("hi")', True),
        ("创建 b.py 写入以下内容：print(1)", "print(1)", False),
        ("创建 c.py 写入 print(1)，先别运行", "print(1)", False),
        ("create run.py with print(1)", "print(1)", False),
    ],
)
def test_the_content_and_the_run_are_what_was_said(question, content, run):
    assert [(p.content, p.run) for p in understand(question).parts] == [(content, run)]


def test_a_second_file_to_create_is_named():
    assert understand("创建 a.py 和 b.py，都写入 print(1)").unknown


def test_a_pasted_record_with_a_name_beats_one_without(inventory):
    text = final(
        answer(
            inventory, '我需要 3 盒红笔，够吗？{"item":"红笔","stock":1,"unit_price":12} {"stock":9,"unit_price":12}'
        )
    )
    assert "红笔库存只有 1" in text


@pytest.mark.parametrize("second", ["那 tests 里呢？", "and in tests?"])
def test_a_folder_follow_up_repeats_the_last_thing_there_not_a_test_listing(second):
    before = understand("src 里有没有用到 express？")
    assert [(p.kind, p.folder, p.names) for p in in_context(second, before).parts] == [("use", "tests", ["express"])]
    before = understand("统计 src 目录下 .js 文件的行数")
    assert [(p.kind, p.folder) for p in in_context(second, before).parts] == [("count", "tests")]


@pytest.mark.parametrize(
    "question",
    ["web 目录的技术栈是什么？api 目录的技术栈呢？", "What is the tech stack of the web folder and of the api folder?"],
)
def test_the_stack_of_two_folders_is_two_answers(question):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("stack", "web"), ("stack", "api")]


def test_every_script_of_a_python_project_is_named(workdir):
    scripts = '[project]\nname = "x"\n\n[project.scripts]\nx-server = "x.server:main"\nx-admin = "x.admin:main"\n'
    (workdir / "pyproject.toml").write_text(scripts, encoding="utf-8")
    text = final(answer(workdir, "What is the entry point?"))
    assert "x.server:main" in text and "x-admin" in text


@pytest.mark.parametrize(
    "question", ["Show me line 50 of notes.md", "Show me the end of notes.md", "notes.md 第 50 行是什么"]
)
def test_a_part_of_a_file_it_does_not_show_is_named(question):
    assert understand(question).unknown


@pytest.mark.parametrize(
    "question, item",
    [("I need 4 red pens tomorrow. Enough?", "unsure"), ("I need 4 red pens as well. Enough?", "unsure"),
     ("我需要 3 盒红笔最好，够吗？", "no file"), ("给我来 3 盒红笔，一共多少钱？", [("红笔", 3)])],
)  # fmt: skip
def test_words_around_an_item_are_not_part_of_it_or_nothing_is_computed(inventory, question, item):
    if item == "no file":  # “红笔最好”：连着别的话读成了商品名，读不到那个文件，只请用户确认商品名，不比库存、不算钱
        text = final(answer(inventory, question))
        assert "请确认商品名称" in text and not re.search("[×≥<‹]", text), text
        return
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert ("unsure" if "unsure" in part.asks else [(o.item, o.quantity) for o in part.names]) == item  # 或者不查


@pytest.mark.parametrize(
    "question",
    [
        "I need 3 boxes of red pens. Is there enough in stock? If so, how much in total?",
        "我需要 3 盒红笔，如果充足，一共多少钱？",
    ],
)
def test_if_so_is_part_of_the_question_not_an_unknown_sentence(question):
    assert not understand(question).unknown


def test_too_expensive_is_named_not_read_as_also(inventory):
    turns = conversation(inventory, "I need 3 red pens. Enough?", "What about 2 blue pens? Is that too expensive?")
    assert "Together with" not in turns[1] and "too expensive" in turns[1]


def test_a_verb_before_a_folder_is_not_part_of_its_name():
    assert [(p.kind, p.folder) for p in understand("list files in src 目录").parts] == [("ls", "src")]


def test_many_long_questions_and_many_notes_come_back_quickly():
    long = {"role": "user", "content": "、used" * 200}
    history = [m for _ in range(30) for m in (long, {"role": "assistant", "content": "ok"})] + [long]
    notes = "退出码：0\nmain\n" + "[还有进程占着输出管道，之后的输出没有收集]\n" * 80000
    with time_limit(20):
        next_step(history, TOOLS)
        one_call("run_command", {"command": "git branch --show-current"}, notes, "当前 git 分支")


def test_at_most_five_manifests_are_read_and_the_rest_named(workdir):
    for i in range(8):
        (workdir / f"requirements-{i}.txt").write_text("flask\n", encoding="utf-8")
    out = answer(workdir, "帮我看看这个项目用了什么技术栈")
    assert out.count("[调用工具] read_file") == 5 and "还有这些依赖清单没有读" in final(out)


def test_a_windows_file_name_with_spaces_or_ampersands_is_quoted():
    from support.demo.shell import write_command

    assert write_command("a & b.py", "print(1)", windows=True) == '> "a & b.py" echo print(1)'


@pytest.mark.parametrize("joiner", ["和", "与", "跟", "、"])
@pytest.mark.parametrize("tail", ["红笔 3 盒够吗", "各 2 盒", "3 盒"])
def test_items_joined_many_times_are_read_in_linear_time(joiner, tail):
    """商品名里也认得“和”“与”“跟”：名字和连接词的写法要各只有一种读法，否则几十个“红笔和”就回溯到天荒地老。"""
    with time_limit(20):  # 指数回溯的写法：24 个“红笔和”要几分钟
        for n in (24, 60, 300):
            understand((f"红笔{joiner}" * n)[:990] + tail)


# ── 第九轮攻击：package.json 的 scripts、装的名字和 import 的名字、同一类的第二句、不读的清单、某一节里的段落、
# “里面”、@scope/name、一行很长的依赖、乘上去的数量、运行别的文件 ──────
def node_project(where, **package):
    where.mkdir(exist_ok=True)
    (where / "package.json").write_text(json.dumps({"name": "p", **package}), encoding="utf-8")
    return where


@pytest.mark.parametrize(
    "package, files, said",
    [({"main": "index.js", "scripts": {"start": "node server.js"}}, ["server.js"],
      ["入口文件是 server.js", "npm start"]),
     ({"scripts": {"dev": "vite"}}, ["src/main.ts"], ["npm run dev", "scripts.dev 是 `vite`"]),
     ({"scripts": {"start": "next start"}}, ["app/page.js"], ["npm start", "`next start`"])],
)  # fmt: skip
def test_how_to_run_it_is_read_from_the_scripts_and_a_missing_main_gives_way_to_start(tmp_path, package, files, said):
    work = node_project(tmp_path / "p", **package)
    for name in files:
        (work / name).parent.mkdir(exist_ok=True)
        (work / name).write_text("x\n", encoding="utf-8")
    text = final(answer(work, "这个项目的入口文件是什么？怎么运行？"))
    assert all(s in text for s in said) and "没找到我读得懂的启动写法" not in text, text


@pytest.mark.parametrize(
    "package, code", [("Pillow==10.0", "from PIL import Image"), ("PyYAML>=6", "import yaml"),
                      ("python-dotenv", "from dotenv import load_dotenv")]
)  # fmt: skip
def test_a_package_imported_under_another_name_is_used(workdir, package, code):
    (workdir / "requirements.txt").write_text(package + "\n", encoding="utf-8")
    (workdir / "app.py").write_text(code + "\n", encoding="utf-8")
    name = re.match(r"[\w-]+", package)[0]
    assert f"Yes, {name} is used" in final(answer(workdir, f"Is {name} used?"))


@pytest.mark.parametrize(
    "question, undone",
    [("Which test files are there? Which test is the slowest?", "Which test is the slowest"),
     ("测试文件有哪些？哪个测试最慢？", "哪个测试最慢"),
     ("入口文件是什么？入口文件有多少个函数？", "入口文件有多少个函数"),
     ("Is express used? Which routes does it define?", "Which routes does it define")],
)  # fmt: skip
def test_a_second_sentence_of_the_same_kind_that_asks_more_is_named_as_not_done(question, undone):
    ask = understand(question)
    assert undone in ask.unknown and all("routes" not in p.names for p in ask.parts)


@pytest.mark.parametrize(
    "files, said",
    [({"setup.py": "setup(install_requires=['django'])", "requirements-dev.txt": "pytest\n"}, "setup.py"),
     ({"go.mod": "module x\n", "package.json": '{"dependencies": {"prettier": "3"}}'}, "go.mod"),
     ({"pyproject.toml": '[project]\nname = "x"\ndependencies = []\n[tool.uv]\ndev-dependencies = ["pytest"]\n'},
      "tool.uv.dev-dependencies"),
     ({"pyproject.toml": '[project]\nname = "x"\ndynamic = ["dependencies"]\n'}, "dynamic"),
     ({"requirements.txt": "flask\n" + "a" * 300 + "@\n"}, "读不懂")],
)  # fmt: skip
def test_a_manifest_or_a_line_it_does_not_read_is_named(workdir, files, said):
    for name, text in files.items():
        (workdir / name).write_text(text, encoding="utf-8")
    assert said in final(answer(workdir, "这个项目用了什么技术栈？"))


def test_a_very_long_requirement_line_is_read_in_linear_time():
    with time_limit(20):  # 名字和版本分不开的写法：200 行要二十多秒
        deps = requirements_deps(("a" * 1985 + "@\n") * 200)
    assert {d.note for d in deps} == {"unread_line"}


def test_the_first_paragraph_under_a_section_heading_is_not_the_projects_description(workdir):
    readme = "# fastjson\n\n[![ci](x.svg)](x)\n\n## Installation\n\nRun the following command:\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    text = final(answer(workdir, "What does this project do?"))
    assert "Run the following" not in text and "does not start with a paragraph" in text


def test_in_there_after_a_listing_searches_that_folder(project):
    out = run_main("--demo", "--yes", "-C", str(project), input="tests 下有什么文件？\n里面用到 express 了吗？\n")
    assert 'search_files({"query": "express", "path": "tests"})' in out.stdout


def test_a_scoped_package_name_is_searched(project):
    assert understand("Are express and @nestjs/common used?").parts[0].names == ["express", "@nestjs/common"]


@pytest.mark.parametrize(
    "question", ["I need 3 boxes of red pens for each of 2 classes. Enough?", "每班 3 盒红笔，够不够？",
                 "我需要 3 盒红笔，要 2 份，够吗？"]
)  # fmt: skip
def test_a_quantity_to_be_multiplied_is_declined_never_compared_as_the_total(inventory, question):
    text = final(answer(inventory, question))
    assert "≥" not in text and "class.json" not in text
    assert "没听懂，怕把数量猜错" in text or "I won't guess a quantity" in text, text


def test_running_another_file_than_the_one_created_is_named_as_not_done():
    ask = understand("创建 a.py 写入 x=1 然后运行 b.py")
    assert not any(p.run for p in ask.parts) and any("b.py" in c for c in ask.unknown)


# ── 第十轮攻击：说不要的词、每人几盒、预算、库名的别的写法、项目自己的版本、测试怎么跑、入口要构建、HTML 标题、
# import 名字搜到的别的词、答了的那一句、文件不是目录、没结尾的数组 ──────
@pytest.mark.parametrize(
    "then, said, not_said",
    [("蓝笔要不要也查一下？2 盒够吗", "蓝笔", "没听出")],
)  # fmt: skip
def test_words_near_a_drop_word_drop_an_item_only_when_they_say_so(inventory, then, said, not_said):
    out = run_main("--demo", "-C", str(inventory), input=f"我需要 3 盒红笔和 2 盒蓝笔，库存够吗？\n{then}\n")
    text = final(out.stdout)
    assert said in text and not_said not in text, text


@pytest.mark.parametrize(
    "question",
    ["Each of my 6 students needs 1 box of red pens. Enough in stock?",
     "My 6 students each need 1 box of red pens. Enough?",
     "每个学生要 1 盒红笔，我们有 6 个学生，够吗？"],
)  # fmt: skip
def test_a_quantity_per_person_is_declined_not_guessed(inventory, question):
    text = final(answer(inventory, question))
    assert "≥" not in text and ("没听懂，怕把数量猜错" in text or "I won't guess a quantity" in text), text


@pytest.mark.parametrize(
    "question",
    ["Can I afford 3 boxes of red pens with 30?", "I've got 30 to spend. Is it enough for 3 boxes of red pens?"],
)
def test_a_budget_in_english_is_named_as_not_done(inventory, question):
    text = final(answer(inventory, question))  # 预算那一句要说没做；没听懂的说了数，整个订单不查
    assert "did not recognise" in text or "can't tell" in text or "I did not understand “I've got 30" in text, text
    assert "×" not in text and "≥" not in text, text


@pytest.mark.parametrize("name", ["React.js", "ReactJS", "Express.js"])
def test_a_library_asked_under_its_usual_other_name_is_found_in_the_stack(project, name):
    text = final(answer(project, f"Which version of {name} does this project use?"))
    assert "did not see it" not in text and "React 18.2" in text


@pytest.mark.parametrize(
    "files, said",
    [({"pyproject.toml": '[tool.poetry.group.dev.dependencies]\npytest = "^8"\n'}, "`pytest`"),
     ({"pyproject.toml": '[project]\nname = "x"\n[tool.uv]\ndev-dependencies = ["pytest"]\n'}, "`pytest`"),
     ({"pyproject.toml": '[project]\nname = "x"\n[tool.pytest.ini_options]\naddopts = "-q"\n'}, "`pytest`"),
     ({"package.json": '{"scripts": {"test": "jest",}}'}, "`npx jest`"),
     ({"package.json": '{"scripts": {"test": "echo \\"Error: no test specified\\" && exit 1"}}'}, "占位"),
     ({"package.json": '{"scripts": {"test": "react-scripts test"}}', "src/App.test.js": "x"}, "`npm test`")],
)  # fmt: skip
def test_how_to_run_the_tests_reads_every_form_of_manifest(workdir, files, said):
    for name, text in files.items():
        (workdir / name).parent.mkdir(exist_ok=True)
        (workdir / name).write_text(text, encoding="utf-8")
    assert said in final(answer(workdir, "怎么跑测试？"))


@pytest.mark.parametrize(
    "question",
    ["测试怎么跑？", "单元测试怎么运行", "How do I run all the tests?", "What's the command to run the tests?"],
)
def test_ways_of_asking_how_to_run_the_tests(question):
    assert [(p.kind, "how" in p.asks) for p in understand(question).parts] == [("tests", True)]


def test_a_main_that_is_not_there_gives_way_to_a_usual_entry_file(workdir):
    node_project(workdir, main="index.js")
    (workdir / "app.js").write_text("console.log(1)\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目的入口文件是什么？怎么运行？"))
    assert "没有它（也许要先构建）" in text and "入口文件应该是 app.js" in text and "node index.js" not in text


@pytest.mark.parametrize(
    "readme, description",
    [('<p align="center"><img src="logo.png"></p>\n<h1 align="center">Foo</h1>\n\n'
      "## Installation\n\nRun pip install foo first.\n", ""),
     ("# X\n\n## Description\n\nX turns notes into slides.\n", "X turns notes into slides.")],
)  # fmt: skip
def test_a_readme_section_is_the_description_only_when_it_is_about_the_project(workdir, readme, description):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    text = final(answer(workdir, "What does this project do?"))
    assert ("Run pip install" not in text) and (description in text if description else "won't guess" in text), text


def test_an_import_name_found_inside_another_word_is_not_an_appearance(workdir):
    (workdir / "main.py").write_text("x = getattr(object, 'y', None)\n", encoding="utf-8")
    text = final(answer(workdir, "Is attrs used?"))
    assert "main.py" not in text and "was not found" in text


@pytest.mark.parametrize(
    "question", ["What tech stack does this project use? What versions?",
                 "我需要 3 盒红笔，库存够吗？够的话总共需要付多少钱？"]
)  # fmt: skip
def test_a_sentence_the_answer_covers_is_not_called_not_recognised(question):
    assert understand(question).unknown == []


def test_a_file_named_before_li_is_not_a_folder():
    assert [(p.kind, p.folder) for p in understand("package.json 里有哪些依赖？").parts] == [("stack", ".")]


def test_unclosed_arrays_in_a_cut_manifest_are_read_in_linear_time():
    with time_limit(20):  # 每个没结尾的数组都读到文件末尾：12000 行要一分钟以上
        assert len(pyproject_deps("[dependency-groups]\n" + 'a=["b"\n' * 12000, partial=True)) == 12000


# ── 第十二轮攻击：README 里的命令要像命令、是运行那一节的（连同更小的节）、反引号一对一对地读；“项目怎么启动”不是测试；
# 说不要的更多说法、别去掉；vue3；-r ./x；Poetry 的依赖表；减掉几盒、降到几盒；"main": "server" ──────
NONE_RUN = "no start command written in a way I read"


# 只有“Running”“使用”这样的标题下面的 shell 代码块才读，照原样抄（准备的几步也在里面，# 注释不抄）；
# python 代码块、反引号、列表、缩进的代码、子标题、标题里还有别的话的一节都不读：只说没找到读得懂的写法，不把它们当命令
@pytest.mark.parametrize(
    "readme, said, not_said",
    [("# d\n\nA site.\n\n## Running\n\n```\npython -m venv .venv\npip install -r requirements.txt\n"
      "python manage.py migrate\n# start the dev server\npython manage.py runserver\n```\n",
      ["python -m venv .venv", "pip install -r requirements.txt", "python manage.py migrate", "# start the dev server",
       "python manage.py runserver"], "python app.py"),
     ("# lib\n\nCounts words.\n\n## Usage\n\n```python\nfrom wordfreq import count\nprint(count('a'))\n```\n", NONE_RUN,
      "from wordfreq"),
     ("# x\n\nA tool.\n\n## Running the tests\n\n`pytest -q`\n", NONE_RUN, "pytest"),
     ("# x\n\nA tool.\n\n## Runtime requirements\n\n- `Python 3.10` or newer\n", NONE_RUN, "Python 3.10"),
     ("# x\n\nA tool.\n\n## 运行环境\n\n`Python 3.10`\n\n## 使用\n\n`python main.py`\n", NONE_RUN, "3.10"),
     ("# x\n\nA tool.\n\n## Usage\n\n### Start the server\n\n    python server.py --port 9000\n", NONE_RUN,
      "server.py"),
     ("# x\n\nA tool.\n\n## Usage\n\nThe entry point is `app.py`; start it with `python app.py`.\n", NONE_RUN,
      "app.py")],
)  # fmt: skip
def test_only_a_shell_block_under_a_run_heading_is_quoted_and_other_forms_are_not_read(workdir, readme, said, not_said):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "main.py").write_text("print(1)\n", encoding="utf-8")
    text = final(answer(workdir, "How do I run this project?"))
    assert (not_read(text) if said == NONE_RUN else quoted(text, *said)) and not_said not in text, text


def test_a_backticked_command_under_running_the_tests_is_not_read(workdir):
    (workdir / "README.md").write_text("# x\n\nA tool.\n\n## Running the tests\n\n`pytest -q`\n", encoding="utf-8")
    said = final(answer(workdir, "how do I run the tests?"))
    assert "pytest" not in said and not_read(said), said


@pytest.mark.parametrize(
    "question", ["测试文件有哪些？项目怎么启动？", "List the test files, then tell me how to run the app.",
                 "Which test files are there? And how do I start the server?"]
)  # fmt: skip
def test_how_to_start_the_project_next_to_the_test_files_is_the_entry(question):
    assert [p.kind for p in understand(question).parts] == ["tests", "entry"]


def test_a_library_written_with_its_major_version_is_also_searched_without_it(workdir):
    node_project(workdir, dependencies={"vue": "^3.4"})
    out = answer(workdir, "项目用了vue3吗？")
    assert 'search_files({"query": "vue"})' in out and "没有搜到 vue3" not in final(out)


def test_a_manifest_included_as_dot_slash_that_was_read_is_not_called_unread(workdir):
    (workdir / "requirements.txt").write_text("flask\n", encoding="utf-8")
    (workdir / "requirements-dev.txt").write_text("-r ./requirements.txt\npytest\n", encoding="utf-8")
    assert "没有读" not in final(answer(workdir, "这个项目用了什么技术栈？"))


def test_a_poetry_project_names_its_libraries_and_python_version(workdir):
    text = '[tool.poetry.dependencies]\npython = "^3.10"\ntyper = "^0.9.0"\n'
    (workdir / "pyproject.toml").write_text(text, encoding="utf-8")
    said = final(answer(workdir, "Which version of typer does it use? And which Python version?"))
    assert "typer 0.9" in said and "^3.10" in said and "did not see" not in said, said


def test_a_main_without_its_extension_is_the_file_with_it(workdir):
    node_project(workdir, main="server")
    (workdir / "server.js").write_text("console.log(1)\n", encoding="utf-8")
    text = final(answer(workdir, "这个项目的入口文件是什么？"))
    assert "入口文件是 server" in text and "没有它" not in text, text


# ── 第十三轮攻击：语言、概念词不当库名搜；再来几盒、翻倍不是新的总数；“和”后面没认出的事；照说明写代码；分支列表、
# 路由数不是当前分支、库存；scripts 的别的名字；说过的结果是以前读到的；库的常用叫法；文件名的大小写；=== 下划线的
# 标题；带引号的 Poetry 键；requirements/ 目录；d3 不搜 d；“或者”不加在一起；不是 UTF-8 的文件 ──────────────
@pytest.mark.parametrize(
    "question, kinds",
    [("Does this project use Python or JavaScript?", ["stack"]), ("Does this project use a database?", []),
     ("Does the backend use any middleware?", []), ("Is lodash used now?", ["use"])],
)  # fmt: skip
def test_languages_and_concepts_are_not_searched_as_library_names(question, kinds):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == kinds and all(n.lower() != "now" for p in ask.parts for n in p.names)


@pytest.mark.parametrize(
    "then", ["再来 2 盒呢？", "红笔要翻倍呢？", "那要双倍呢？", "plus 2 boxes?", "and half as many blue pens?"]
)
def test_a_relative_quantity_is_declined_never_read_as_a_new_total(inventory, then):
    said = finals_of(inventory, "我需要 4 盒红笔，够吗？", then)[1]
    assert "≥" not in said and "<" not in said and "stock/" not in said, said
    assert "没听懂，怕把数量猜错" in said or "认不出" in said or "can't tell" in said, said


@pytest.mark.parametrize(
    "question, undone",
    [("What's the tech stack and the license?", "license"), ("技术栈和开源协议是什么？", "开源协议"),
     ("入口文件和作者是谁？", "作者"), ("有没有用到 lodash 和数据库？", "数据库")],
)  # fmt: skip
def test_a_part_after_and_that_is_no_known_kind_is_named_as_not_done(question, undone):
    assert any(undone in clause for clause in understand(question).unknown)


@pytest.mark.parametrize(
    "question", ["Create add.py with a function that adds two numbers", "创建 add.py，内容是一个计算两数之和的函数"]
)
def test_code_described_in_words_is_asked_for_never_written_as_the_file(workdir, question):
    text = final(answer(workdir, question, "--yes"))
    assert not (workdir / "add.py").exists() and ("写什么" in text or "What should go" in text), text


@pytest.mark.parametrize(
    "question",
    ["列出所有分支", "Is there a branch called feature-x?", "Which branch was merged last?",
     "How many routes does the server have?", "Are there enough tests?", "What is the total size of the src folder?"],
)  # fmt: skip
def test_questions_near_a_known_kind_are_not_answered_as_it(question):
    assert not in_context(question, None).parts


def test_other_package_scripts_start_and_test_the_project(workdir):
    scripts = {"serve": "vue-cli-service serve", "test:unit": "vitest run"}
    (workdir / "package.json").write_text(json.dumps({"name": "v", "scripts": scripts}), encoding="utf-8")
    (workdir / "src").mkdir()
    (workdir / "src" / "main.js").write_text("import x from 'vue'\n", encoding="utf-8")
    assert "npm run serve" in final(answer(workdir, "How do I run this project?"))
    assert "npm run test:unit" in final(answer(workdir, "How do I run the tests?"))


def test_an_answer_from_an_earlier_questions_results_says_so(project):
    said = finals_of(project, "is lodash used?", "is lodash used?")
    assert "earlier" not in said[0] and "earlier question" in said[1], said[1]


@pytest.mark.parametrize("asked", ["Tailwind", "BeautifulSoup", "material"])
def test_a_library_asked_by_its_common_name_is_not_called_missing(workdir, asked):
    deps = {"tailwindcss": "^3.4.0", "@mui/material": "^5.0.0"}
    (workdir / "package.json").write_text(json.dumps({"name": "x", "dependencies": deps}), encoding="utf-8")
    (workdir / "requirements.txt").write_text("beautifulsoup4==4.12.2\n", encoding="utf-8")
    text = final(answer(workdir, f"Which version of {asked}?"))
    assert "did not see" not in text, text


def test_file_names_in_other_capitals_are_still_the_manifest_the_tests_and_the_entry(workdir):
    (workdir / "Requirements.txt").write_text("flask\n", encoding="utf-8")
    (workdir / "Main.py").write_text("import flask\n", encoding="utf-8")
    (workdir / "Tests").mkdir()
    (workdir / "Tests" / "test_main.py").write_text("def test_a(): pass\n", encoding="utf-8")
    assert "Flask" in final(answer(workdir, "What tech stack?"))
    assert "Tests/test_main.py" in final(answer(workdir, "Which test files are there?"))
    assert "Main.py" in final(answer(workdir, "What is the entry point?"))


def test_underlined_headings_are_headings_and_indented_code_under_them_is_not_read(workdir):
    readme = "My Tool\n=======\n\nMy Tool converts CSV files to JSON.\n\nUsage\n-----\n\n    python -m mytool in.csv\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    assert "=====" not in final(answer(workdir, "这个项目是做什么的？"))
    said = final(answer(workdir, "How do I run it?"))
    assert "mytool in.csv" not in said and not_read(said), said


# “Getting started”一节的代码块照原样抄（pytest 也在里面）；它不是“测试”一节：问怎么跑测试不拿它
def test_a_getting_started_block_is_quoted_as_written_and_is_not_how_to_test(workdir):
    readme = "# App\n\nA small app.\n\n## Getting started\n\n```\npytest\nflask --app app run\n```\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "app.py").write_text("import flask\n", encoding="utf-8")
    start = final(answer(workdir, "How do I run it?"))
    assert quoted(start, "pytest", "flask --app app run") and "quoted as written" in start, start
    tests = final(answer(workdir, "How do I run the tests?"))
    assert "pytest" not in tests and not_read(tests), tests


def test_quoted_poetry_keys_are_whole_names():
    text = '[tool.poetry.dependencies]\n"ruamel.yaml" = "^0.18"\n"zope.interface" = {version = "^6.0"}\n'
    assert [d.name for d in pyproject_deps(text)] == ["ruamel.yaml", "zope.interface"]


def test_a_requirements_folder_is_named_as_not_read(workdir):
    (workdir / "pyproject.toml").write_text("[tool.black]\nline-length = 88\n", encoding="utf-8")
    (workdir / "requirements").mkdir()
    (workdir / "requirements" / "base.txt").write_text("django\n", encoding="utf-8")
    assert "requirements/" in final(answer(workdir, "What tech stack?"))


def test_a_name_with_a_digit_is_not_searched_without_it(workdir):
    (workdir / "README.md").write_text("# d\n\nA dashboard.\n", encoding="utf-8")
    text = final(answer(workdir, "Is d3 used?"))
    assert "README.md" not in text, text


@pytest.mark.parametrize(
    "question",
    ["I want 2 boxes of red pens or 2 boxes of blue pens, which is cheaper?", "红笔 3 盒或者蓝笔 3 盒，哪个够？"],
)
def test_items_asked_as_alternatives_are_declined_never_added_up(inventory, question):
    text = final(answer(inventory, question))
    assert "没听懂，怕把数量猜错" in text or "I won't guess a quantity" in text, text
    assert "Total:" not in text and "×" not in text, text


def test_a_file_that_is_not_utf8_is_named_as_such_never_quoted_garbled(workdir):
    (workdir / "README.md").write_bytes("# 项目\n\n这是一个库存工具。\n".encode("gbk"))
    text = final(answer(workdir, "这个项目是做什么的？"))
    assert "utf-8" in text.lower() and "\ufffd\ufffd" not in text, text  # 章节的 read_file 报的是 'utf-8' codec


# ── 第十四轮攻击：改了库存再问；“够还是不够”不是挑一种；中文数字、及、“红、蓝笔”、x3；买了以后还剩几盒、几倍；
# node ./bin/www；检查、格式化不是运行，unittest 是跑测试；PyTorch、文件名；@scope 的包；问文件的不答技术栈；
# 标题上面的线、注释、指令；别的写法的截断说明；很长的接着问也是线性时间 ───────────────────────────────────
def test_a_stock_changed_and_said_so_with_a_number_is_declined_not_guessed(inventory):
    out = run_main("--demo", "-C", str(inventory), input="我需要 3 盒红笔。库存够吗？\n")
    assert "5 ≥ 3" in out.stdout
    record = {"item": "红笔", "stock": 2, "unit_price": 12, "currency": "CNY"}
    (inventory / "stock" / "红笔.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    said = finals_of(inventory, "我需要 3 盒红笔。库存够吗？", "我把红笔的库存改成 2 盒了，还够吗？")[1]
    assert "“我把红笔的库存改成 2 盒了”这一句我没听懂" in said and "≥" not in said and "<" not in said, said


@pytest.mark.parametrize(
    "question, says",
    [("我需要 3 盒红笔和 1 盒蓝笔，够还是不够？一共多少钱？", "“够还是不够”这一句我没听懂"),
     ("I need 3 red pens and 1 blue pen. Enough or not? Total?", "I did not understand “Enough or not”")],
)  # fmt: skip
def test_or_that_is_not_between_two_items_is_declined_never_added_up(inventory, question, says):
    text = final(answer(inventory, question))  # “够还是不够”不是认得的说法：不查，不算钱
    assert says in text and "×" not in text and "≥" not in text, text


@pytest.mark.parametrize(
    "question, orders",
    [("我要两盒红笔还有一盒蓝笔，够吗", "unsure"), ("2盒红笔及1盒蓝笔", [("红笔", 2), ("蓝笔", 1)]),
     ("红、蓝笔各 2 盒，够吗", "unsure"),  # “红”不是商品名：不猜是红笔
     ("Red pens x3, blue pens x1 - enough?", "unsure"),
     ("嗯嗯 帮我查下 红笔1盒 蓝笔2盒 一共要多少钱呀", "unsure"),  # 词和词之间隔着空白：不猜
     ("其实红笔要6盒", "unsure")],  # “其实”可能是改口：不查
)  # fmt: skip
def test_every_item_is_read_or_the_order_declined_whatever_joins_them(question, orders):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert ("unsure" if "unsure" in part.asks else [(o.item, o.quantity) for o in part.names]) == orders


@pytest.mark.parametrize("question", ["如果我买 3 盒红笔，还剩几盒？", "红笔的价格是蓝笔的几倍？"])
def test_what_is_left_after_buying_and_how_many_times_are_named_as_not_done(question):
    ask = understand(question)  # 认不出，或者库存的说法没听懂（不查）：都照原话说没做
    assert ask.unknown or any("unsure" in p.asks for p in ask.parts), ask


@pytest.mark.parametrize("start", ["node ./bin/www", "node -r dotenv/config src/server.js"])
def test_the_start_script_names_the_entry_whatever_its_flags_or_extension(workdir, start):
    (workdir / "package.json").write_text(json.dumps({"name": "x", "scripts": {"start": start}}), encoding="utf-8")
    for path in ("bin/www", "src/server.js", "app.js", "index.js"):
        (workdir / path).parent.mkdir(exist_ok=True)
        (workdir / path).write_text("x\n", encoding="utf-8")
    text = final(answer(workdir, "入口文件是什么？"))
    assert start.split()[-1] in text and "app.js" not in text and "index.js" not in text, text


# “Development”不是讲怎么运行的标题，不读，按文件类型猜，说了是猜的；“Testing”下面缩进的代码不读：
# 有这一节就不按测试框架猜，请用户自己看这一节
def test_a_development_block_is_not_read_and_a_testing_section_in_another_form_is_named_not_guessed_past(workdir):
    readme = "# T\n\nA tool.\n\n## Development\n\n```\nnpm install\nnpm run lint\nnpm run dev\n```\n\n## Testing\n\n"
    (workdir / "README.md").write_text(readme + "    python -m unittest discover -s tests\n", encoding="utf-8")
    (workdir / "requirements.txt").write_text("pytest\n", encoding="utf-8")
    (workdir / "main.py").write_text("print(1)\n", encoding="utf-8")
    start = final(answer(workdir, "How do I run it?"))
    assert "npm" not in start and "unittest" not in start and not_read(start)
    tests = final(answer(workdir, "怎么跑测试？"))
    assert "pytest" not in tests and "unittest" not in tests and "「Testing」一节" in tests and not_read(tests), tests


def test_a_library_by_another_name_and_a_tool_known_by_a_file_are_not_called_unused(workdir):
    (workdir / "requirements.txt").write_text("torch==2.1.0\n", encoding="utf-8")
    (workdir / "train.py").write_text("import torch\n", encoding="utf-8")
    (workdir / "Dockerfile").write_text("FROM python:3.12\n", encoding="utf-8")
    assert "torch" in final(answer(workdir, "这个项目用到 PyTorch 了吗？")).split("：")[0]
    said = finals_of(workdir, "帮我看看这个项目用了什么技术栈", "Does this project use Docker?")[1]
    assert "Dockerfile" in said, said


@pytest.mark.parametrize("asked", ["MUI", "Redux", "NestJS", "Prisma"])
def test_a_library_asked_by_its_scope_is_not_called_missing(workdir, asked):
    deps = {"@mui/material": "^5", "@reduxjs/toolkit": "^2", "@nestjs/core": "^10", "@prisma/client": "^5"}
    (workdir / "package.json").write_text(json.dumps({"name": "x", "dependencies": deps}), encoding="utf-8")
    assert "did not see" not in final(answer(workdir, f"Which version of {asked}?"))


@pytest.mark.parametrize(
    "question", ["What does the test do?", "What is this error about? TypeError: app.listen is not a function",
                 "What libraries does src/index.js use?", "tests/test_index.js 用了什么断言？",
                 "Which dependencies are dev only?"]
)  # fmt: skip
def test_a_question_about_something_else_is_not_answered_with_the_description_or_the_stack(question):
    assert all(p.kind not in ("about", "stack") for p in understand(question).parts)


@pytest.mark.parametrize(
    "readme, paragraph",
    [("========\nrequests\n========\n\nRequests is an HTTP library.\n", "Requests is an HTTP library."),
     (".. image:: https://x/badge.svg\n\nMy lib does things.\n", "My lib does things."),
     ("<!--\nThis file is generated.\nDo not edit. -->\n# T\n\nReal description.\n", "Real description.")],
)  # fmt: skip
def test_overlines_directives_and_comments_are_not_the_description(workdir, readme, paragraph):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    text = final(answer(workdir, "这个项目是做什么的？"))
    assert paragraph in text and "=====" not in text and "Do not edit" not in text and "image::" not in text, text


@pytest.mark.parametrize(
    "note",
    [
        "... and 3 more",
        "(showing 2 of 5 entries)",
        "[只列出了前 2 项]",
        "Showing first 300 entries",
        "(output trimmed)",
    ],
)
def test_a_cut_note_in_other_words_makes_the_listing_partial(note):
    said = one_call("list_files", {"path": "."}, f"README.md\nsrc/\n{note}", "这个项目用了什么技术栈？")
    assert "工作目录里没有 package.json" not in said, said


def test_a_very_long_follow_up_costs_a_bounded_time():
    first = in_context("我需要 3 盒红笔，够吗？", None)
    pasted = "那这些呢？" + " ".join(f"{i % 10},{i % 7},{i % 3}" for i in range(3000))
    with time_limit(20):  # 不截到问题的上限：几千个字要半分钟
        in_context(pasted, first)


# ── 第十五轮攻击：没有量词的数不沿用上一个；“把红笔换成蓝笔”；几种商品总共一个数；“还是要”不是挑一种、挑一种时问了
# 总价要说；**粗体**开头的说明和语言切换的一行；dotenv；README 里的准备步骤、只有节名的一行、--build、列表里的命令；
# 目录、函数是干什么的；带地址的依赖也算个数；x2.5；“but not blue pens”；名字像截断说明的最后一项 ─────────────
@pytest.mark.parametrize("then", ["红笔要4，够吗", "蓝笔3够不够"])
def test_a_number_without_a_unit_is_declined_never_replaced_by_the_last(inventory, then):
    said = finals_of(inventory, "我要 2 盒红笔，够吗", then)[1]  # 没有量词的数：照原话说没听懂，什么也不查
    assert "沿用" not in said and then.split("，")[0] in said and "≥" not in said and "×" not in said, said


def test_a_number_after_a_colon_is_declined_not_guessed(inventory):
    said = finals_of(inventory, "I need 2 red pens. Enough?", "red pens: 6?")[1]
    assert "can't tell what kind of question “red pens: 6?” is" in said and "you need" not in said, said


@pytest.mark.parametrize("question", ["红笔加蓝笔总共 3 盒够不够", "I need 3 boxes of red and blue pens in total"])
def test_one_quantity_for_several_items_is_asked_back(question):
    assert all(o.quantity is None and o.unclear for p in understand(question).parts for o in p.names)


def test_still_want_and_items_asked_as_alternatives_are_declined_never_added(inventory):
    text = final(answer(inventory, "红笔还是要 3 盒，蓝笔 1 盒，一共多少钱"))
    assert "“红笔还是要 3 盒”这一句我没听懂" in text and "×" not in text, text
    text = final(answer(inventory, "I need 3 red pens or 3 blue pens. How much in total?"))
    assert "I did not understand “I need 3 red pens or 3 blue pens”" in text and "×" not in text, text


@pytest.mark.parametrize(
    "readme, paragraph",
    [("# WeatherBot\n\n**WeatherBot** is a chat bot.\n", "**WeatherBot** is a chat bot."),
     ("# WeatherBot\n\n[English](README.en.md) | 简体中文\n\n一个天气机器人。\n", "一个天气机器人。")],
)  # fmt: skip
def test_bold_prose_is_prose_and_a_language_switch_is_no_description(workdir, readme, paragraph):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    assert paragraph in final(answer(workdir, "这个项目是做什么的？"))


def test_dotenv_asked_in_a_node_project_is_found(workdir):
    (workdir / "package.json").write_text('{"name": "x", "dependencies": {"dotenv": "^16"}}', encoding="utf-8")
    (workdir / "index.js").write_text("require('dotenv').config()\n", encoding="utf-8")
    assert "dotenv is used" in final(answer(workdir, "Is dotenv used?"))


# 前面“Getting started”一节只有准备的一步（pipenv install）：“Running”一节的代码块才是怎么启动，要说出来；
# “Run”下面列表里的命令不读，只说没找到读得懂的写法
@pytest.mark.parametrize(
    "readme, said, not_said",
    [("## Getting started\n\n```\npipenv install\n```\n\nStart the database:\n\n    docker compose up -d db\n\n"
      "## Running\n\n```\ndocker compose up --build\n```\n", "    docker compose up --build", "-d db"),
     ("## Run\n\n1. Start both:\n    - Backend: `python server.py`\n", "“Run” section, but not in a form I read",
      "server.py")],
)  # fmt: skip
def test_the_running_block_is_quoted_past_a_setup_section_and_a_list_is_not_read(workdir, readme, said, not_said):
    (workdir / "README.md").write_text("# App\n\nA small app.\n\n" + readme, encoding="utf-8")
    (workdir / "app.py").write_text("print(1)\n", encoding="utf-8")
    text = final(answer(workdir, "How do I run it?"))
    assert said in text and not_said not in text, text


@pytest.mark.parametrize("question", ["src 目录是干什么的？", "这个函数是干什么的？", "What does the Dockerfile do?"])
def test_what_a_folder_file_or_function_is_for_is_not_the_project_description(question):
    assert all(p.kind != "about" for p in understand(question).parts)


@pytest.mark.parametrize(
    "question",
    ["I need red pens x3 and blue pens x2.5. Enough?", "I need 3 red pens but not blue pens. Total?"],
)
def test_decimal_times_and_excluded_items_are_declined_not_guessed(question):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert "unsure" in part.asks and not part.names, part


@pytest.mark.parametrize("last", ["video-clips/", "url-trimmer/", "notes-remaining.md"])
def test_a_last_entry_whose_name_looks_like_a_cut_note_is_an_entry(last):
    said = one_call("list_files", {"path": "."}, f"README.md\npackage.json\n{last}", "这个项目用了什么技术栈？")
    assert said == [("read_file", {"path": "package.json"})], said


def test_a_file_cut_in_the_middle_is_quoted_only_up_to_the_cut():
    content = "const a = 1\nconst b = 2\nconst c = re\n…（中间省略了 231 个字符）…\nocalhost:3000));\n}\n"
    said = one_call("read_file", {"path": "src/index.js"}, content, "src/index.js 里写了什么？")
    assert "const a = 1" in said and "const b = 2" in said and "}" not in said.split("：", 1)[1], said


# ── 第十六轮攻击：这个问题里执行过的命令；没读全的清单数依赖；不像样的依赖值；没有退出码的命令结果；清单里别的表；
# front matter；只有程序名的命令和续行；“和在 src 里”；vite 不是 vitest；数量后面说什么时候要；同一个键写两次；
# 三种平方时间的输入；cmd 写不了的内容 ───────────────────────────────────────────────────────────
def replied(question, *rounds, tools=TOOLS):
    """一个问题，和几轮 [(工具名, 参数, 结果)]：演示这一步的回复（调用列表或最终回答）。"""
    messages, n = [{"role": "system", "content": "你是助手"}, {"role": "user", "content": question}], 0
    for calls in rounds:
        ids = [f"c{n + i}" for i in range(len(calls))]
        n += len(calls)
        messages.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": i, "type": "function", "function": {"name": t, "arguments": json.dumps(a, ensure_ascii=False)}}
            for i, (t, a, _) in zip(ids, calls, strict=True)]})  # fmt: skip
        messages += [{"role": "tool", "tool_call_id": i, "content": r} for i, (_, _, r) in zip(ids, calls, strict=True)]
    return next_step(messages, tools)


def test_a_file_written_in_this_question_is_read_again_not_quoted_from_before(workdir):
    (workdir / "a.py").write_text("print(0)\n", encoding="utf-8")
    out = run_main(
        "--demo",
        "--yes",
        "-C",
        str(workdir),
        input="a.py 里写了什么\n创建 a.py 写入 print(1)，然后 a.py 里写了什么？\n",
    )
    said = final(out.stdout.split("[最终回复]")[2])
    assert "print(1)" in said and "print(0)" not in said, said


def test_a_command_result_without_an_exit_code_is_not_read_as_success():
    for out in ("（空结果）", "main\n"):
        said = replied("检查一下当前 git 分支", [("run_command", {"command": "git branch --show-current"}, out)])
        assert isinstance(said, str) and "分离" not in said and "当前 git 分支是" not in said, said


def test_a_name_in_another_table_of_pyproject_is_not_a_declaration(workdir):
    text = '[project]\nname = "x"\ndependencies = ["click>=8"]\n\n'
    text += '[tool.ruff.lint.isort]\nknown-third-party = [\n    "flask",\n]\n'
    (workdir / "pyproject.toml").write_text(text, encoding="utf-8")
    said = finals_of(workdir, "有没有用到 flask")[0]
    assert "声明了 flask" not in said and "用到了 flask" not in said, said


def test_front_matter_is_not_the_description_and_a_bare_program_name_is_not_a_command(workdir):
    readme = "---\ntitle: Foo\nlayout: default\n---\n\n# Foo\n\nFoo is a tool.\n\n用 `python` 运行它。\n\n## Usage\n\n"
    readme += "```bash\ndocker run \\\n  -p 8080:80 \\\n  foo:latest\n```\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    about, run = finals_of(workdir, "这个项目是做什么的？", "怎么运行？")
    assert "Foo is a tool." in about and "title:" not in about, about
    assert quoted(run, "docker run \\", "  -p 8080:80 \\", "  foo:latest") and "`python`" not in run, run


@pytest.mark.parametrize(
    "question", ["告诉我技术栈和在 src 里有没有用到 react", "what is the tech stack and in src is react used"]
)
def test_a_second_request_that_starts_with_a_folder_is_still_a_second_request(question):
    assert [p.kind for p in understand(question).parts] == ["stack", "use"]


@pytest.mark.parametrize("asked, other", [("vite", "vitest"), ("next", "nextra")])
def test_a_library_asked_about_is_not_found_in_a_longer_name(workdir, asked, other):
    (workdir / "package.json").write_text(json.dumps({"dependencies": {other: "^1.0.0"}}), encoding="utf-8")
    said = finals_of(workdir, f"Which version of {asked} does this project use?")[0]
    assert f"You asked about {asked}: I did not see it among the dependencies in the manifests" in said, said


@pytest.mark.parametrize(
    "question",
    [
        "我要 3 盒红笔，其中 2 盒今天就要，够吗",
        "I need 3 boxes of red pens, 2 boxes urgently",
        "我要 3 盒红笔，1 盒是给小王的，够吗",
    ],
)
def test_words_after_a_quantity_about_when_or_whom_are_declined_not_guessed(question):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert "unsure" in part.asks and not part.names, part


def test_a_key_written_twice_is_a_broken_record_or_manifest(inventory, workdir):
    (inventory / "stock" / "红笔.json").write_text(
        '{"item":"红笔","stock":5,"unit_price":12,"stock":500}', encoding="utf-8"
    )
    assert "够。" not in finals_of(inventory, "我需要 30 盒红笔，够吗？")[0]
    (workdir / "package.json").write_text(
        '{"dependencies": {"express": "^4"}, "dependencies": {"a": "1"}}', encoding="utf-8"
    )
    said = finals_of(workdir, "这个项目用了什么技术栈？")[0]
    assert "Express" not in said and "a 1" not in said, said


@pytest.mark.parametrize(
    "question, path, text",
    [("这个项目用了什么技术栈？", "package.json", '{"name": "' + '\\"' * 80000),
     ("这个项目是做什么的？", "README.md", "[" * 120000 + "](x\n"),
     ("这个项目用了什么技术栈？", "pyproject.toml", "[project]\ndependencies = [" + "{" * 120000 + "\n... (已截断)")],
)  # fmt: skip
def test_unclosed_strings_links_and_braces_are_read_in_linear_time(question, path, text):
    with time_limit(5):  # 平方时间的写法：这么长要十几秒；线性的几十毫秒
        replied(question, [("list_files", {"path": "."}, path)], [("read_file", {"path": path}, text)])


def test_content_cmd_would_change_is_not_written_on_windows():
    tools = [dict(t, function=dict(t["function"])) for t in TOOLS]
    for t in tools:
        if t["function"]["name"] == "run_command":
            t["function"]["description"] = "在 cmd.exe 里执行一条命令"
    said = replied('创建 hello.py 写入 print("%USERNAME%") 然后运行它', tools=tools)
    assert isinstance(said, str) and "没有创建 hello.py" in said, said


def test_a_search_that_skipped_an_env_file_never_says_the_text_is_nowhere(workdir):
    (workdir / ".env").write_text("DATABASE_URL=postgresql://db.internal/x\n", encoding="utf-8")
    (workdir / "a.py").write_text("x = 1\n", encoding="utf-8")
    said = finals_of(workdir, "Is db.internal used anywhere?")[0]
    assert "can't tell" in said and ".env" in said and "was not found" not in said, said


# ── 第十七轮攻击：“和在哪一年”；package.json 的 name、bin 写坏了；别的语言的代码块、帮助文字、看文档的一句不是
# 启动命令；单价里的“一盒”；reST 的注释、字段、徽章和 Markdown 注释；问过的颜色；改口只改说到的那一种；
# “how long do they take”；运行一个文件；几个 .py 文件；内容里的 build；“加急”；续行、INSTALL、长中文 ─────
@pytest.mark.parametrize(
    "question", ["What is the tech stack and in which year was it started?", "技术栈和在哪一年开始的？"]
)
def test_and_in_which_with_no_known_kind_after_it_is_named_not_a_crash(question):
    said = final(answer(PROJECT, question))
    assert "React" in said and ("did not recognise" in said or "没有认出" in said), said


@pytest.mark.parametrize(
    "package", [{"name": ["x"], "bin": "cli.js"}, {"bin": "cli.js"}, {"name": "x", "bin": {"a": None}}]
)
def test_a_package_name_or_bin_of_another_type_is_no_command(workdir, package):
    (workdir / "package.json").write_text(json.dumps(package), encoding="utf-8")
    said = final(answer(workdir, "How do I run it?"))
    assert "``" not in said and "`None`" not in said, said


# Usage 下面 go 代码块、列表不读，只说没找到读得懂的写法；没写语言的代码块照原样抄，说明是抄的
@pytest.mark.parametrize(
    "block, said, not_said",
    [("```go\npackage main\n```", None, "`package main`"),
     ("```\npositional arguments:\n```", "    positional arguments:", "一般用"),
     ("1. Open the app\n    then pick your language and save", None, "then pick")],
)  # fmt: skip
def test_a_go_block_or_a_list_under_usage_is_not_read_and_a_plain_block_is_quoted_as_written(
    workdir, block, said, not_said
):
    (workdir / "README.md").write_text(f"# t\n\nA tool.\n\n## Usage\n\n{block}\n", encoding="utf-8")
    (workdir / "main.go").write_text("package main\n", encoding="utf-8")
    text = final(answer(workdir, "怎么运行这个项目？"))
    assert (said in text if said else not_read(text)) and not_said not in text, text


def test_how_to_view_the_docs_is_not_how_to_run_the_project(workdir):
    readme = "# t\n\nA tool.\n\n## Documentation\n\nTo preview the docs locally, run `python -m http.server`.\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "main.py").write_text("print(1)\n", encoding="utf-8")
    assert "http.server" not in final(answer(workdir, "How do I run it?"))


@pytest.mark.parametrize(
    "question", ["5元一盒的蓝笔有吗？", "我需要3盒红笔。8块钱一盒的蓝笔有吗？", "Are blue pens at $8 a box in stock?"]
)
def test_a_price_per_box_is_no_quantity_and_no_item(question):
    orders = [(o.item, o.quantity) for p in understand(question).parts for o in p.names]
    assert ("蓝笔", 1) not in orders and all(item != "a" for item, _ in orders), orders


def test_readme_comments_fields_and_badges_are_not_the_description(workdir):
    rst = "..\n   Generated by tool X; do not edit.\n\nProject\n=======\n\n:Author: Jane Doe\n\n|build| |cov|\n\n"
    (workdir / "README.rst").write_text(rst + "Project converts CSV to JSON.\n", encoding="utf-8")
    said = final(answer(workdir, "这个项目是做什么的？"))
    assert "Project converts CSV to JSON." in said and "Generated" not in said and "Jane" not in said, said
    (workdir / "README.rst").unlink()
    (workdir / "README.md").write_text("[//]: # (a note)\n# P\n\nP does things.\n", encoding="utf-8")
    said = final(answer(workdir, "这个项目是做什么的？"))
    assert "P does things." in said and "a note" not in said, said


def test_a_colour_follow_up_is_declined_not_guessed():
    first = in_context("I need 3 red pens and 2 notebooks. Enough in stock?", None)
    ask = in_context("what about 4 of the red ones?", first)
    assert not ask.parts and ask.unknown == ["what about 4 of the red ones"], ask


@pytest.mark.parametrize(
    "question", ["Which test files are there, and how long do they take?", "How do I run tools/gen.py?"]
)
def test_a_how_that_is_not_how_to_run_the_project_is_named(question):
    assert understand(question).unknown


def test_how_many_files_of_a_kind_in_a_folder_counts_that_kind(workdir):
    (workdir / "src").mkdir()
    for name in ("a.py", "b.py", "data.json"):
        (workdir / "src" / name).write_text("x\n", encoding="utf-8")
    said = final(answer(workdir, "How many .py files are in src/?", "--yes"))
    assert "2 are .py files: a.py, b.py" in said, said


def test_build_in_the_content_and_hurry_in_a_change_are_not_steps_or_additions():
    made = understand("创建 hello.py，内容是 print('build ok')，然后运行它").parts
    assert [(p.kind, p.content, p.run) for p in made] == [("create", "print('build ok')", True)]


def test_continued_lines_in_a_usage_block_and_long_chinese_are_linear(workdir):
    readme = "# t\n\nA tool.\n\n## Usage\n\n```\n" + "word word word \\\n" * 80000 + "```\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    with time_limit(5):  # 平方时间的写法：这么长要几十秒
        headings(["word word word \\"] * 80000)
        assert "quoted as written" in final(answer(workdir, "How do I run it?"))
        for _ in range(10):
            understand("库存" + "红" * 998)


def test_a_readme_it_could_not_read_is_named_when_it_cannot_say_how_to_run(workdir):
    (workdir / "main.py").write_text("print(1)\n", encoding="utf-8")
    (workdir / "README.md").write_bytes("# 工具\n\n## 使用\n\n```\npython main.py\n```\n".encode("gbk"))
    said = final(answer(workdir, "怎么运行这个项目？"))
    assert "README.md 我读不了" in said, said


def test_a_file_name_said_is_not_a_leftover_part():
    ask = understand("What does src/index.js contain? And what does package.json say?")
    assert [(p.kind, p.names) for p in ask.parts] == [("file", ["src/index.js", "package.json"])] and not ask.unknown


# ── 第二十八轮学习者：“tests 文件夹里有什么，一共几个文件”；@prisma/client 是 prisma 的引入，脚本那一行不是声明；
# 上一个目录里的目录；顶层没有清单时说出子项目目录；“cd backend && pytest” ─────────────────────────────────────
def test_how_many_files_after_a_folder_counts_that_folder():
    ask = understand("What's in the tests folder, and how many files are there?")
    assert [(p.kind, p.folder, p.asks) for p in ask.parts] == [("tests", "tests", set()), ("ls", "tests", set())]


def test_a_scoped_package_is_an_import_of_its_scope_and_a_script_line_is_no_declaration(workdir):
    package = {"scripts": {"prisma:studio": "prisma studio"}, "devDependencies": {"prisma": "^5.11.0"}}
    (workdir / "package.json").write_text(json.dumps(package, indent=1), encoding="utf-8")
    (workdir / "db.js").write_text("const { PrismaClient } = require('@prisma/client');\n", encoding="utf-8")
    said = final(answer(workdir, "Is prisma used?"))
    counted = said.split("not declarations")[0]  # scripts 里的命令另外列出，不算声明
    assert "db.js:1" in counted and "prisma:studio" not in counted and "no code I searched (for" not in said, said


def test_a_folder_inside_the_last_folder_is_listed_there(workdir):
    (workdir / "prisma" / "migrations").mkdir(parents=True)
    (workdir / "prisma" / "migrations" / "lock.toml").write_text("x\n", encoding="utf-8")
    out = run_main(
        "--demo", "--yes", "-C", str(workdir), input="prisma 目录下有什么？\n那 migrations 里面呢？\n"
    ).stdout
    said = final(out.split("[最终回复]")[2])
    assert "lock.toml" in said and "No such file" not in said, said


def test_subproject_folders_are_named_when_the_top_has_no_manifest(workdir):
    (workdir / "backend").mkdir()
    (workdir / "backend" / "requirements.txt").write_text("fastapi==0.110.0\n", encoding="utf-8")
    said = final(answer(workdir, "What tech stack does this project use?"))
    assert "backend/" in said, said


def test_a_command_after_cd_is_read(workdir):
    readme = "# m\n\nA repo.\n\n## Tests\n\n```bash\ncd backend && pytest\n```\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    assert quoted(final(answer(workdir, "怎么跑测试？测试文件在哪？")), "cd backend && pytest")


# ── 第十八轮攻击、第二十九轮学习者：改口只给了新的数量；同一个问题里说不要了；“我是说”整句重说；接着问时说的钱；
# 贴的记录里同一个键写两次；README 只读了一部分；测试文件在顶层、名字大小写；说过的目录的列表先看；值的类型；
# 有没读的子项目时依赖数；“jest 呢”；“连同”只说上一个的；README 里的分隔线、编号列表、粗体小标题；单价里的 one box；
# 接着问“各有几行”；冒号后面的一问；只声明了的库在有没搜的文件时；入口之后问几行 ──────────────────────────────
@pytest.mark.parametrize(
    "question, expected",
    [("What does one box of red pens cost? I want 2 boxes.", [("红笔", 2)])],  # 问一盒的价钱，要 2 盒
)  # fmt: skip
def test_corrections_drops_and_unit_prices_in_one_question(question, expected):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert ("unsure" if "unsure" in part.asks else [(o.item, o.quantity) for o in part.names]) == expected, part


@pytest.mark.parametrize("money", ["What about with $50?", "What about 50 dollars?"])
def test_money_in_a_follow_up_is_no_quantity(money):
    ask = in_context(money, in_context("I need 3 red pens. Enough?", None))
    assert all(o.quantity != 50 for p in ask.parts for o in p.names), ask


def test_a_pasted_record_with_a_key_written_twice_is_not_used(inventory):
    question = '我需要 3 盒红笔，够吗？数据：{"item":"红笔","stock":1,"unit_price":12,"stock":500}'
    assert "库存 500" not in final(answer(inventory, question))


def test_a_readme_read_only_in_part_is_named_when_it_cannot_say_how_to_run(workdir):
    readme = "# App\n\nAn app.\n\n## Changes\n\n" + "".join(f"- change {i} " + "x" * 60 + "\n" for i in range(900))
    (workdir / "README.md").write_text(
        readme + "\n## Usage\n\n```bash\npython main_app.py --serve\n```\n", encoding="utf-8"
    )
    (workdir / "main.py").write_text("print(1)\n", encoding="utf-8")
    said = final(answer(workdir, "How do I run it?"))
    assert "main_app.py" in said or "read only its beginning" in said, said


@pytest.mark.parametrize("files", [["test_app.py", "setup.py"], ["Tests/test_a.py"]])
def test_test_files_at_the_top_or_in_a_capitalised_folder_are_counted(workdir, files):
    for name in files:
        (workdir / name).parent.mkdir(exist_ok=True)
        (workdir / name).write_text("x = 1\n", encoding="utf-8")
    said = final(answer(workdir, "测试文件有哪些？各有几行？", "--yes"))
    assert "wc -l" in said and "没在" not in said and "setup.py" not in said.split("wc -l")[-1], said


def test_library_follow_ups_and_carried_items_and_readme_lines(workdir):
    assert not understand("技术栈是什么？jest 呢？").unknown
    for readme in ("# T\n\n---\n\nReal intro.\n", "# T\n\n1. Install it\n2. Run it\n\nReal intro.\n"):
        (workdir / "README.md").write_text(readme, encoding="utf-8")
        said = final(answer(workdir, "这个项目是做什么的？"))
        assert "---" not in said and "Install it" not in said, said


def test_each_files_lines_in_a_follow_up_count_the_listed_files():
    ask = in_context("各有几行？", in_context("测试文件有哪些？", None))
    assert [(p.kind, p.ext) for p in ask.parts] == [("count", "*")], ask


@pytest.mark.parametrize(
    "question", ["read package.json again: what is the entry point now?", "重新读一下 package.json：入口文件是哪个？"]
)
def test_a_question_after_a_colon_is_a_second_part(question):
    assert [p.kind for p in understand(question).parts] == ["file", "entry"]


def test_a_library_only_declared_is_not_used_when_a_file_was_not_searched(workdir):
    (workdir / "package.json").write_text('{"dependencies": {"react": "^18"}}', encoding="utf-8")
    (workdir / ".env").write_text("KEY=x\n", encoding="utf-8")
    said = final(answer(workdir, "搜索一下项目里有没有用到 react"))
    assert "用到了 react" not in said and "声明了 react" in said, said


def test_how_many_lines_after_the_entry_point_is_named_not_counted_as_py():
    ask = in_context("and how many lines?", in_context("What is the entry point?", None))
    assert not ask.parts and ask.unknown, ask


# ── 第三十、三十一轮学习者：“红笔每盒多少钱”；问 import 的名字（jwt）时清单里装的名字（PyJWT）也搜 ─────────────
def test_per_box_is_not_part_of_the_item_name():
    (part,) = [p for p in understand("红笔每盒多少钱？蓝笔呢？").parts if p.kind == "inventory"]
    assert [(o.item, o.quantity) for o in part.names] == [("红笔", None), ("蓝笔", None)], part  # 不读成“红笔每盒”


def test_an_import_name_asked_finds_the_installed_name_in_a_manifest(workdir):
    (workdir / "requirements.txt").write_text("PyJWT==2.8.0\n", encoding="utf-8")
    (workdir / "a.py").write_text("import jwt\n", encoding="utf-8")
    said = final(answer(workdir, "项目里有没有用到 jwt？"))
    assert "requirements.txt:1: PyJWT==2.8.0" in said and "a.py:1: import jwt" in said, said


# ── 第十九轮攻击：像翻页提示的文件名里再大的数、很长的搜索说明：内存、时间和请求一样长 ─────────────────
def tool_answer(tool, args, result, question="What tech stack does this project use?"):
    call = {"id": "c1", "type": "function", "function": {"name": tool, "arguments": json.dumps(args)}}
    messages = [{"role": "user", "content": question}, {"role": "assistant", "content": "", "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": result}]  # fmt: skip
    return next_step(messages, TOOLS)


@pytest.mark.parametrize("offset", [10**7, 10**14])
@pytest.mark.parametrize("tool", ["list_files", "read_file"])
def test_a_paging_hint_with_a_huge_number_costs_nothing_more(tool, offset):
    """一个这样命名的文件（list_files 列出它），或者读到的内容：提示里的数再大，也不按它建一张表
    （以前 10**7 要几百 MB）。"""
    hint = f"[第 1–1 项，共 3 项；用 offset={offset} 继续列出]" if tool == "list_files" else (
        f"[第 1–1 行；后面还有约 9 字节没显示，用 offset={offset} 继续读]")  # fmt: skip
    body = "a.py" if tool == "list_files" else "     1\tprint(1)"
    tracemalloc.start()
    try:
        tool_answer(tool, {"path": "." if tool == "list_files" else "a.py"}, f"{body}\n{hint}")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, peak


def test_a_long_line_that_imitates_a_search_note_is_read_in_linear_time():
    note = "[没有进去搜的 1 个目录：" + "（整体搜索跳过隐藏目录" * 80_000 + "x"
    with time_limit(10):  # 两个 .* 之间的一段话重复几万次：以前要半分钟
        tool_answer("search_files", {"query": "lodash"}, "src/a.js:1: import _ from 'lodash'\n" + note,
                    question="Is lodash used?")  # fmt: skip


def test_a_search_note_naming_many_folders_is_read_in_linear_time():
    names = [f".d{i}" for i in range(64_000)]
    note = "\n".join(
        f"[没有进去搜的 {len(names)} 个目录：{'、'.join(names[s : s + 1000])}（整体搜索跳过隐藏目录、node_modules、"
        "site-packages 和虚拟环境；要搜里面，把 path 指向它）]"
        for s in range(0, len(names), 1000)
    )
    with time_limit(10):  # 每个目录都在一张表里找一遍：以前要半分钟
        tool_answer(
            "search_files", {"query": "lodash"}, "在 . 里没有找到包含 'lodash' 的内容\n" + note, "Is lodash used?"
        )


def test_an_entry_answer_from_a_pyproject_read_only_in_part_says_a_command_may_be_missing():
    """学习者自己的 read_file 把 pyproject.toml 截短了：[project.scripts] 可能在看不到的那段，
    不能只说没看到怎么启动。"""
    calls = [
        {"id": f"c{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
        for i, (n, a) in enumerate([("list_files", {"path": "."}), ("read_file", {"path": "pyproject.toml"})])
    ]
    messages = [{"role": "user", "content": "How do I run it?"},
                {"role": "assistant", "content": "", "tool_calls": calls[:1]},
                {"role": "tool", "tool_call_id": "c0", "content": "manage.py\npyproject.toml"},
                {"role": "assistant", "content": "", "tool_calls": calls[1:]},
                {"role": "tool", "tool_call_id": "c1",
                 "content": '[project]\nname = "shop"\n...（内容过长，已截断）'}]  # fmt: skip
    for _ in range(4):  # 还要读的（manage.py 的开头）照给：这里只看最后的回答
        step = next_step(messages, TOOLS)
        if isinstance(step, str):
            break
        messages += [{"role": "assistant", "content": "", "tool_calls": [
            {"id": f"x{len(messages)}{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in enumerate(step)]}]  # fmt: skip
        messages += [
            {"role": "tool", "tool_call_id": c["id"], "content": "import os"} for c in messages[-1]["tool_calls"]
        ]
    assert isinstance(step, str) and "I read only part of pyproject.toml" in step, step


# ── 第二十一轮攻击：TOML 的注释、字符串、点分的键；requirements 里注释行末尾的 \；同一个包的两条依赖 ─────────────
@pytest.mark.parametrize(
    "text, names",
    [('[project]\nname = "d"\n# docstrings: always """triple\ndependencies = [\n  "requests>=2.31",\n  "flask>=3.0",\n'
      ']\n[tool.demo]\nbanner = """\nWelcome!\n"""\n', ["requests", "flask"]),
     ('[project]\nname = "x"\ndescription = \'uses """ quotes\'\ndependencies = ["requests"]\n', ["requests"]),
     ('[project]\ndependencies = ["requests"]\noptional-dependencies.dev = ["pytest>=8", "ruff"]\n'
      '"optional-dependencies".docs = ["mkdocs"]\n', ["requests", "pytest", "ruff", "mkdocs"]),
     ('[tool.poetry.dependencies]\nmylib.git = "https://x/mylib.git"\nmylib.branch = "main"\n"ruamel.yaml" = "^0.17"\n',
      ["mylib", "ruamel.yaml"])],
)  # fmt: skip
def test_toml_comments_strings_and_dotted_keys_hide_no_dependency(text, names):
    assert [d.name for d in pyproject_deps(text) if not d.note] == names


def test_an_inline_project_table_is_named_as_not_read():
    deps = pyproject_deps('project = { name = "x", dependencies = ["requests", "flask"] }\n')
    assert [d.note for d in deps] == ["unread_line"]


def test_arrays_left_open_before_quoted_keys_are_unparsed_in_linear_time():
    text = "[dependency-groups]\n" + "".join(f'"k{i}" = ["p{i}",\n' for i in range(20000)) + "]\n"
    with time_limit(10):  # 每个键都读到文件末尾：以前 2000 个就要两分钟
        assert pyproject_deps(text) is None


@pytest.mark.parametrize(
    "text, names",
    [("# wheels cached in C:\\wheels\\\nrequests==2.31.0\nflask==3.0.0\n", ["flask", "requests"]),
     ("flask==3.0  # web \\\nrequests\n", ["flask"])],  # 和 pip 一样：注释行不接，行尾注释里的 \ 接上（再去掉注释）
)  # fmt: skip
def test_a_backslash_joins_lines_as_pip_does(text, names):
    assert sorted(d.name for d in requirements_deps(text)) == names


def test_one_package_required_twice_with_markers_is_listed_twice_and_extras_are_said(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "t"\ndependencies = [\n  "requests[socks]>=2.31,<3",\n'
        "  \"pandas>=2.0; python_version >= '3.10'\",\n  \"pandas>=1.5,<2.0; python_version < '3.10'\",\n]\n",
        encoding="utf-8",
    )
    said = finals_of(workdir, "What tech stack does this project use? How many dependencies?")[0]
    assert "pandas >=1.5,<2.0; python_version < '3.10'" in said and "pandas >=2.0; python_version" in said, said
    assert "requests [socks] >=2.31,<3" in said, said
    said = finals_of(workdir, "which pandas version does it require?")[0]
    assert "`>=1.5,<2.0; python_version < '3.10'`" in said and "`>=2.0; python_version >= '3.10'`" in said, said


@pytest.mark.parametrize(
    "question",
    ["I need 3 boxes of red pens for today and 3 for tomorrow. Enough in stock?",
     "I need 3 boxes of red pens and my colleague needs 3 too"],
)  # fmt: skip
def test_a_second_number_that_names_no_item_is_declined_not_guessed(question):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert "unsure" in part.asks and not orders_in(question), part


@pytest.mark.parametrize(
    "question, item",
    [("请问橡皮还有货吗？我要 2 个。", ["橡皮"]), ("请问笔记本还有多少？", ["笔记本"]), ("请问红笔多少钱", ["红笔"]),
     ("订书机还有货吗", ["订书机"]), ("麻烦红笔还有多少", ["红笔"])],
)  # fmt: skip
def test_polite_words_and_a_verb_like_first_character_are_not_part_of_an_item(question, item):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]  # “请问”“麻烦”不是名字的一部分
    assert "unsure" not in part.asks and [o.item for o in part.names] == item, part


# ── 第二十一轮攻击（续）：语言名是哪种文件；列不出来的测试目录；带括号的文件名；README 的长空白、满行的反引号；
# 长问题里的目录名；排序、最大、平均这些没做的说出来；怎样运行说出来；“in which files”不是目录 ─────────────
@pytest.mark.parametrize(
    "question, ext",
    [("How many lines of JavaScript are there?", "js"), ("How many JavaScript files are in src?", "js"),
     ("统计一下 src 目录下 JS 的代码行数", "js"), ("lines of TypeScript in src", "ts"), ("src 里有多少行 Go？", "go"),
     ("java files", "java"), ("每个py文件多少行", "py"), ("麻烦统计下 data 目录下每个 CSV 文件的行数", "csv"),
     ("data 目录下的 CSV 有几行数据？", "csv"), ("How many lines does each CSV file under data have?", "csv")],
)  # fmt: skip
def test_a_language_named_is_its_kind_of_file(question, ext):
    assert ext_of(question) == ext


@posix_only("符号链接在 Windows 上要特权")
def test_test_files_that_could_not_be_listed_are_not_said_to_be_missing(workdir, tmp_path):
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "test_a.py").write_text("def test_a(): pass\n", encoding="utf-8")
    (workdir / "tests").symlink_to(tmp_path / "outside")
    said = finals_of(workdir, "测试文件有哪些？", "各有几行？")[1]
    assert "没在 tests 里找到" not in said and "没能列全 tests" in said, said


def test_a_file_with_brackets_in_its_name_is_counted(workdir):
    (workdir / "tests").mkdir()
    (workdir / "tests" / "报告（终版）.py").write_text("a\nb\nc\n", encoding="utf-8")
    (workdir / "tests" / "test_a.py").write_text("a\n", encoding="utf-8")
    out = run_main("--demo", "--yes", "-C", str(workdir), input="测试文件有哪些？\n各有几行？\n").stdout
    assert re.search(r'\[调用工具\] run_command\(\{"command": "wc -l [^\n]*报告（终版）', out), out


@pytest.mark.parametrize(
    "readme",
    ["## Usage\n\n```\npython" + " " * 200_000 + "x\n```\n", ("`x`" * 333 + "\n") * 300],
)
def test_readme_lines_of_blanks_or_backtick_spans_are_read_in_linear_time(readme):
    calls = [
        {"id": f"c{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
        for i, (n, a) in enumerate([("list_files", {"path": "."}), ("read_file", {"path": "README.md"})])
    ]
    messages = [{"role": "user", "content": "How do I run it?"},
                {"role": "assistant", "content": "", "tool_calls": calls},
                {"role": "tool", "tool_call_id": "c0", "content": "README.md"},
                {"role": "tool", "tool_call_id": "c1", "content": readme}]  # fmt: skip
    with time_limit(10):  # 以前：20 万个空格要几分钟；100 KB 的反引号要半分钟
        assert isinstance(next_step(messages, TOOLS), str)


@pytest.mark.parametrize(
    "question",
    ["统计 src 下每个 .py 文件的行数，按行数排序", "src 下哪个 .py 文件行数最多？", "List the 3 largest files in src",
     "帮我看看当前目录下有哪些隐藏文件", "app.py 有多少行，其中多少行是注释？", "List the files in src modified today",
     "创建 hello.py 写入 print(1) 然后用 python2 运行它", "Create bg.py with print(3) and run it in the background"],
)  # fmt: skip
def test_a_filter_a_ranking_or_a_way_of_running_is_named_as_not_done(question):
    assert understand(question).unknown, understand(question)


@pytest.mark.parametrize("question", ["In which files is flask imported?", "Is flask used in any file?"])
def test_which_and_any_are_no_folders(question):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("use", ".")]


def test_a_count_from_an_earlier_read_says_it_is_from_earlier(workdir):
    (workdir / "a.py").write_text("x = 1\n", encoding="utf-8")
    out = run_main("--demo", "-C", str(workdir), input="a.py 里写了什么？\na.py 有几行？\n").stdout
    assert "a.py 是之前的问题里读到" in out.split("[最终回复]")[-1], out


def test_a_package_json_key_holding_an_object_is_no_declaration(workdir):
    (workdir / "package.json").write_text(
        '{\n  "name": "x",\n  "dependencies": {\n    "express": "^4.18.2"\n  },\n  "jest": {\n'
        '    "testEnvironment": "node"\n  }\n}\n',
        encoding="utf-8",
    )
    said = finals_of(workdir, "Is jest used anywhere?")[0]
    assert "declared" not in said and "is used" not in said, said


# ── 第二十二轮攻击：列不全的测试目录不崩；reST 指令多的 README 是线性的；Poetry 写在键里的依赖；太长的版本标出截断；
# 只有名字相近的包；字符串里的 \"；production 这样的目录；顶层没列全；说了两种文件；时间不是数量；“别这样运行” ─────
def test_a_test_folder_listed_only_in_part_is_said_so_without_an_error():
    calls = [("list_files", {"path": "."}, "tests/\napp.py"),
             ("list_files", {"path": "tests"}, "test_a.py\n... (truncated, 900 more)")]  # fmt: skip
    messages = [{"role": "user", "content": "测试文件有哪些？各有几行？"}]
    for i, (name, args, result) in enumerate(calls):
        call = {"id": f"c{i}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        messages += [{"role": "assistant", "content": "", "tool_calls": [call]},
                     {"role": "tool", "tool_call_id": f"c{i}", "content": result}]  # fmt: skip
    said = next_step(messages, TOOLS)
    assert isinstance(said, str) and "没能列全 tests" in said, said


def test_a_readme_full_of_code_directives_is_read_in_linear_time():
    with time_limit(10):  # 每个指令都重建一遍列表：以前 8 万个要 20 秒
        assert len(headings([".. code::"] * 200_000)) >= 200_000


@pytest.mark.parametrize(
    "text, names",
    [('[tool.poetry]\nname = "x"\ndependencies.python = "^3.10"\ndependencies.django = "^4.2"\n'
      'dependencies.requests = "^2.31"\n', ["django", "requests"]),
     ('[tool.poetry.group.dev]\ndependencies.pytest = "^8"\n', ["pytest"]),
     ('tool.poetry.dependencies.django = "^4.2"\n', ["django"])],
)  # fmt: skip
def test_poetry_dependencies_written_as_dotted_keys_are_read(text, names):
    assert [d.name for d in pyproject_deps(text) if not d.note] == names


@pytest.mark.parametrize(
    "manifest, text, question, whole",
    [("requirements.txt", "numpy>=1.0,<2.0,!=1.5.0,!=1.5.1,!=1.6.0,!=1.6.10\n", "what version of numpy?",
      "`>=1.0,<2.0,!=1.5.0,!=1.5.1,!=1.6.0,!=1.6.10`"),
     ("pyproject.toml", '[project]\ndependencies = [\n  "pywin32>=306; sys_platform == \\"win32\\"",\n  "requests",\n'
      ']\n', "which version of pywin32?", '`>=306; sys_platform == "win32"`')],
)  # fmt: skip
def test_a_long_or_quoted_version_is_quoted_whole(workdir, manifest, text, question, whole):
    (workdir / manifest).write_text(text, encoding="utf-8")
    said = finals_of(workdir, question)[0]
    assert whole in said and "can't read" not in said, said
    assert "!=1.6`" not in said and "== \\`" not in said, said


def test_a_package_with_a_similar_name_is_not_the_one_asked_about(workdir):
    (workdir / "package.json").write_text(
        '{"name": "x", "dependencies": {"preact": "^10.19.0"}, "devDependencies": {"@types/react": "^18.2.0"}}',
        encoding="utf-8",
    )
    said = finals_of(workdir, "Which version of React does this project use?")[0]
    assert "it is not in the manifests itself" in said and "You asked about @types/react" not in said, said


@pytest.mark.parametrize(
    "question, folder",
    [("Is flask used in the production folder?", "production"), ("list the files in the use directory", "use")],
)
def test_real_folder_names_are_folders(question, folder):
    assert [p.folder for p in understand(question).parts] == [folder]


def test_a_work_folder_listed_only_in_part_is_not_said_to_have_no_tests_or_manifest(workdir):
    for i in range(1800):
        (workdir / f"a_{i}.txt").write_text("x\n", encoding="utf-8")
    (workdir / "tests").mkdir()
    (workdir / "tests" / "test_a.py").write_text("def test_a(): pass\n", encoding="utf-8")
    (workdir / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    said = finals_of(workdir, "How do I run the tests?")[0]
    assert "no manifest here" not in said and "could not list all of the work folder" in said, said


@pytest.mark.parametrize(
    "question, exts",
    [("How many lines of Python or Go are in src?", ["py", "go"]), ("src 里有多少行 js 或者 ts？", ["js", "ts"]),
     ("src 目录下 js 和 ts 文件各有几行？", ["js", "ts"])],
)  # fmt: skip
def test_two_kinds_of_file_are_each_counted(question, exts):
    assert [p.ext for p in understand(question).parts] == exts


@pytest.mark.parametrize(
    "question, items",
    [("Do we have 3 boxes of red pens? We need them in 2 days.", "unsure"),
     ("I need 3 red pens, and 2 blue pens by 5 pm. Enough?", "unsure"),
     ("我想订红笔，库存够吗？", "unsure")],  # “我想订红笔”没听懂：不猜商品，说没听懂
)  # fmt: skip
def test_times_next_to_quantities_and_ding_before_an_item_are_declined_not_guessed(question, items):
    (part,) = [p for p in understand(question).parts if p.kind == "inventory"]
    assert ("unsure" if "unsure" in part.asks else [(o.item, o.quantity) for o in part.names]) == items


# README 说不要直接运行 python app.py：正文不读；有讲运行的一节，就不按文件类型猜（猜的正是它说别用的），请用户看这一节
@pytest.mark.parametrize(
    "readme",
    ["## Usage\n\nDo not run `python app.py` directly; use `docker compose up` instead.\n",
     "## 使用\n\n不要直接运行 `python app.py`，请用 `docker compose up`。\n"],
)  # fmt: skip
def test_a_command_the_readme_says_not_to_use_is_not_given_as_the_usual_way_to_run_it(workdir, readme):
    (workdir / "README.md").write_text("# App\n\nAn app.\n\n" + readme, encoding="utf-8")
    (workdir / "app.py").write_text("print(1)\n", encoding="utf-8")
    said = finals_of(workdir, "How do I run it?")[0]
    assert "`python app.py`" not in said and "docker compose" not in said, said
    assert "section, but not in a form I read" in said and "won't guess" in said, said
