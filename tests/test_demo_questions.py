"""离线演示听问题：按类别写的问法。几件事连在一句里、同一类的几个文件或目录、数量的各种写法、商品在数量前面、
“各”、接着问、要重新读。每一种都要么答对，要么说清楚没做什么。"""

import json
import re

import pytest
from conftest import ROOT, not_read, orders_in, our_tool, quoted, run_main

from support.demo.followup import in_context
from support.demo.model import next_step
from support.demo.numbers import chinese_number
from support.demo.question import understand
from support.demo.stock import stock_path
from tools import TOOLS

PROJECT = str(ROOT / "examples" / "my-project")


def finals(where, *questions, args=()):
    """在 where 里一个接一个地问（交互模式），返回每个问题的最终回复。"""
    out = run_main("--demo", *args, "-C", str(where), input="\n".join(questions) + "\n")
    assert "Traceback" not in out.stderr and "内部出错" not in out.stderr, out.stderr
    return [part.split("（离线回放")[0].split("(Offline replay")[0] for part in out.stdout.split("[最终回复]")[1:]]


def asked_again(said):
    """这个回答没算订单，只说分不清订单改没改、请用户再说一遍。"""
    return "×" not in said and ("分不清订单是不是改了" in said or "can't tell whether this changes" in said)


def kinds(question):
    """每件事的类和细节；库存的那件事是 [(商品, 数量)]，没听懂（不查）是 "unsure"。"""
    return [(p.kind, heard(p) if p.kind == "inventory" else p.names) for p in understand(question).parts]


def heard(part):
    """库存的那件事听出来的：[(商品, 数量)]；说法没听懂、什么也不查是 "unsure"，改了口请用户再说一遍是 "revised"。"""
    said = part.asks & {"unsure", "revised"}
    return said.pop() if said else [(o.item, o.quantity) for o in part.names]


def computed_nothing(said):
    """这个回答没有比库存、没有算钱（比如商品名连着别的话、读不到那个文件，只说读不到、请确认商品名）。"""
    return "×" not in said and "≥" not in said and "<" not in said and "‹" not in said


def declined(said):
    """这个回答什么也没算：说没听懂这句、请用户换个说法（或者改了口，请他把订单再说一遍；或者认不出问的是哪一类事）。"""
    lines = ("没听懂，怕把数量猜错", "I won't guess a quantity", "问的是哪一类事", "can't tell what kind of question")
    return computed_nothing(said) and (any(line in said for line in lines) or asked_again(said))


# ── 一句话里连着问几件事：每件都做，或者说没做 ─────────────────────────
@pytest.mark.parametrize(
    "question, expected",
    [
        ("What tech stack does this project use and what is the entry point?", ["stack", "entry"]),
        ("Is express used and which test files are there?", ["use", "tests"]),
        ("技术栈和入口文件分别是什么", ["stack", "entry"]),
        ("项目里有没有用到 express 并且看看 tests 下有哪些测试文件", ["use", "tests"]),
    ],
)
def test_things_joined_by_and_are_each_done(question, expected):
    assert [k for k, _ in kinds(question)] == expected


@pytest.mark.parametrize("question", ["搜索一下项目里有没有用到 lodash 和 express", "Is lodash and express used?"])
def test_names_joined_by_and_stay_one_search(question):
    assert kinds(question) == [("use", ["lodash", "express"])]


@pytest.mark.parametrize(
    "question, undone",
    [("Is express used and uninstall it", "uninstall it"), ("项目里有没有用到 express 并且把它卸载掉", "把它卸载掉")],
)
def test_an_action_joined_to_a_question_is_named_as_not_done(question, undone):
    ask = understand(question)
    assert [p.names for p in ask.parts] == [["express"]] and ask.unknown == [undone]


def test_two_files_two_folders_two_kinds_of_file_are_each_done(project):
    both = finals(project, "README.md 里写了什么？package.json 里写了什么？")[0]
    assert "README.md 一共" in both and "package.json 一共" in both and '"express": "^4.18.2"' in both
    assert [p.folder for p in understand("src 和 tests 目录下都有些什么文件").parts] == ["src", "tests"]
    assert [p.ext for p in understand("统计 .js 和 .ts 文件的行数").parts] == ["js", "ts"]
    assert [(p.kind, p.folder) for p in understand("统计 src 下每个 .js 文件的行数，还有 tests 下的").parts] == [
        ("count", "src"),
        ("count", "tests"),
    ]


def test_two_files_to_create_and_a_run_after_a_comma_are_all_done(workdir):
    ask = understand("创建一个 a.py 写入 print(1)，再创建一个 b.py 写入 print(2)")
    assert [(p.names, p.content) for p in ask.parts] == [(["a.py"], "print(1)"), (["b.py"], "print(2)")]
    for question in [
        '创建一个 hello.py 写入 print("hi")，然后运行它',
        'Create hello.py with print("hi"). Then run it.',
    ]:
        assert [p.run for p in understand(question).parts] == [True]
    out = finals(workdir, '创建一个 hello.py 写入 print("hi")，然后运行它', args=("--yes",))[0]
    assert "hi" in out.split("输出是")[-1]


@pytest.mark.parametrize(
    "question", ["帮我写一个 Dockerfile", "给我一个部署建议", "我想要一个新的 README", "依赖有多少？", "依赖还剩几个"]
)
def test_one_of_something_is_not_an_inventory_question(question):
    assert not understand(question).parts


# ── 数量的写法 ─────────────────────────────────────────────────
@pytest.mark.parametrize(
    "said, number",
    [("两万五千", 25000), ("五十万零三百", 500300), ("十万", 100000), ("两万五", 25000), ("3万", 30000),
     ("一亿两千万", 120000000), ("一百零五", 105), ("两百五", 250), ("三五", None), ("万", None), ("0", None)],
)  # fmt: skip
def test_chinese_numbers_are_read_whole_or_not_at_all(said, number):
    assert chinese_number(said) == number


@pytest.mark.parametrize(
    "question",
    [
        "我需要 3+2 盒红笔，够吗？",
        "我需要 5-3 盒红笔，够吗？",
        "我需要 2×3 盒红笔，够吗？",
        "我需要 10**200 盒红笔，够吗？",
        "I need 3 or 4 boxes of red pens. Enough?",
        "I need 3 to 5 boxes of red pens. Enough?",
    ],
)
def test_a_sum_a_range_or_a_power_is_declined_never_cut_to_its_last_digits(question):
    assert kinds(question) == [("inventory", "unsure")]


# ── 商品和数量的顺序、“各”、只说了数量的一句 ───────────────────────────
@pytest.mark.parametrize(
    "question, orders",
    [
        ("红笔和蓝笔各要 2 盒，够吗？一共多少钱？", [("红笔", 2), ("蓝笔", 2)]),
        ("红笔、蓝笔各 1 盒，一共多少钱？", [("红笔", 1), ("蓝笔", 1)]),
        ("红笔 2 盒和蓝笔 2 盒够吗？", [("红笔", 2), ("蓝笔", 2)]),
        ("橡皮还有吗？我要 1 盒", [("橡皮", 1)]),
        ("我需要 1 把尺子，够不够？", [("尺子", 1)]),
        ("我刚改了库存文件，请重新读一下红笔的库存，我要 3 盒，够吗？", "unsure"),  # 不认得的说法：不猜
        ("3 盒红笔和蓝笔，够吗？", "unsure"),  # 蓝笔要几盒没说清：不猜
    ],
)
def test_every_item_gets_the_quantity_said_for_it(question, orders):
    assert kinds(question) == [("inventory", orders)]


def test_each_named_item_is_read_and_priced(inventory):
    text = finals(inventory, "红笔和蓝笔各要 2 盒，够吗？一共多少钱？")[0]
    assert "红笔：库存 5，你需要 2 盒" in text and "蓝笔：库存 2，你需要 2 盒" in text and "24 + 16 = 40" in text


@pytest.mark.parametrize("question", ["What do blue pens cost each?", "蓝笔一盒多少钱？"])
def test_asking_the_price_of_one_is_answered_without_asking_how_many(inventory, question):
    text = finals(inventory, question)[0]
    assert "Tell me how many" not in text and "请告诉我你需要多少" not in text
    assert "8" in text and "红笔" not in text and "Red" not in text, text  # 只读了问的那一种


# ── 接着问 ─────────────────────────────────────────────────────
def test_a_follow_up_about_something_else_is_not_answered_with_the_last_items(inventory):
    first, second = finals(inventory, "我需要 3 盒红笔，够吗？", "那 express 呢？")
    assert "够。红笔" in first and "够" not in second.split("它认得的问题")[0] and "认不出“那 express 呢？”" in second


def test_read_it_again_reads_again_and_an_earlier_reading_is_called_earlier(inventory):
    # “请重新读一下红笔的库存”不是认得的说法：不查，说没听懂；“重新读一下。我需要 3 盒红笔”重新读
    questions = ["我需要 3 盒红笔，够吗？", "要是 2 盒呢？", "请重新读一下红笔的库存，我要 3 盒，够吗？"]
    questions.append("重新读一下。我需要 3 盒红笔，够吗？")
    out = run_main("--demo", "-C", str(inventory), input="\n".join(questions) + "\n")
    finals_ = out.stdout.split("[最终回复]")[1:]
    assert "是之前的问题里读到的" in finals_[1] and declined(finals_[2]) and "是之前的问题里读到的" not in finals_[3]
    assert out.stdout.count('read_file({"path": "stock/红笔.json"})') == 2


def test_a_cut_short_call_in_the_history_is_asked_again_not_read_as_empty():
    import agent

    call = {"id": "c1", "type": "function", "function": {"name": "search_files", "arguments": '{"query": "express"}'}}
    history = [
        {"role": "user", "content": "Is express used anywhere?"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": agent.INTERRUPTED},
    ]
    assert "was not found" not in next_step(history, TOOLS) and "got no result" in next_step(history, TOOLS)
    again = [*history, {"role": "assistant", "content": "…"}, {"role": "user", "content": "Is express used anywhere?"}]
    assert next_step(again, TOOLS)[0] == ("search_files", {"query": "express"})


# ── 第二轮：数量和商品的更多写法 ─────────────────────────────────────
@pytest.mark.parametrize(
    "question, orders",
    [
        ("我要 3 千盒红笔，够吗？", "unsure"),  # 认得的说法之外的数量：不猜
        ("我要 2万5千 盒红笔，够吗？", "unsure"),
        ("红笔 3 盒 蓝笔 2 盒，够吗？", [("红笔", 3), ("蓝笔", 2)]),
        ("红笔要3盒蓝笔要2盒够吗", [("红笔", 3), ("蓝笔", 2)]),
        ("红笔：3 盒；蓝笔：2 盒。够吗？", "unsure"),
        ("我需要三盒红笔和两盒蓝笔，够吗？", [("红笔", 3), ("蓝笔", 2)]),
        ("一百二十盒蓝笔和零盒红笔，够吗", "unsure"),
        ("我手上有 2 盒红笔，还需要 4 盒，库存够吗？", "unsure"),
        ("红笔大概要 10 到 15 支，库存够吗", "unsure"),
        ("红笔还有几盒库存？", [("红笔", None)]),
        ("我要三到五盒红笔，够吗？", "unsure"),
        ("3 或者 4 盒红笔够吗", "unsure"),
        ("3 加 2 盒红笔够吗", "unsure"),
        ("3 盒半红笔够吗", "unsure"),
        ("I need 3 red and 2 blue pens. Enough?", "unsure"),
        ("I need 3 boxes of red pens at 12 each. Enough?", "unsure"),
        ("I need 3 + 2 boxes of red pens. Enough?", "unsure"),
        ("I need 3k red pens. Enough?", "unsure"),
    ],
)
def test_more_ways_of_saying_items_and_quantities(question, orders):
    assert kinds(question) == [("inventory", orders)]


def test_all_the_stock_i_need_is_declined_not_guessed(inventory):
    # “Do you have all the stock I need”不是认得的说法：不查，说没听懂
    text = finals(inventory, "I need 3 boxes of red pens and 1 box of blue pens. Do you have all the stock I need?")[0]
    assert declined(text) and "short" not in text


def test_a_follow_up_about_the_price_reads_no_made_up_file(inventory):
    out = run_main(
        "--demo", "-C", str(inventory), input="红笔还有多少？\n单价是多少？\n那蓝笔呢？\n单价是多少？\n"
    ).stdout
    assert "stock/是.json" not in out and "没能读到" not in out


@pytest.mark.parametrize(
    "again, read", [("read it again please, 2 boxes?", True), ("文件我改过了，再读一遍，2 盒还够吗", False)]
)
def test_read_it_again_is_done_or_declined_and_not_called_not_recognised(inventory, again, read):
    out = run_main("--demo", "-C", str(inventory), input=f"I need 2 boxes of red pens. Enough?\n{again}\n").stdout
    last = out.split("[最终回复]")[-1]
    assert "not recognise" not in last and "没有认出" not in last
    # “2 盒还够吗”不是认得的说法：不重新读，说没听懂
    assert out.count('read_file({"path": "stock/红笔.json"})') == (2 if read else 1) and (read or declined(last))


def test_names_of_the_tests_are_not_a_question_about_what_each_checks():
    ask = understand("tests 文件夹里有几个测试文件，分别叫什么")
    assert [p.asks for p in ask.parts] == [set()] and not ask.unknown


@pytest.mark.parametrize(
    "question, expected",
    [
        ("技术栈、入口文件和测试文件分别是什么", [("stack", "."), ("entry", "."), ("tests", ".")]),
        ("Count the lines of each .py file in src and tests", [("count", "src"), ("count", "tests")]),
        ("How many lines in src/a.py and src/b.py?", [("count", "src/a.py"), ("count", "src/b.py")]),
        ("Is lodash used in tests/ and src/?", [("use", "tests"), ("use", "src")]),
        ("搜索一下 src 和 lib 里有没有用到 lodash", [("use", "src"), ("use", "lib")]),
    ],
)
def test_each_thing_each_folder_and_each_file_is_its_own_part(question, expected):
    assert [(p.kind, p.folder) for p in understand(question).parts] == expected


def test_more_folders_than_it_does_are_named(workdir):
    for name in "abcdefg":
        (workdir / name).mkdir()
    out = finals(workdir, "a、b、c、d、e、f 和 g 目录下都有些什么文件", args=("--yes",))[0]
    assert "你还问了 f、g" in out


@pytest.mark.parametrize(
    "question, files",
    [
        ('Create x.py with print("build and run") and run it', [("x.py", 'print("build and run")', True)]),
        (
            "Create a.py with print(1) and b.py with print(2)",
            [("a.py", "print(1)", False), ("b.py", "print(2)", False)],
        ),
        ('Create "my file.py" with print(1)', [("my file.py", "print(1)", False)]),
        ('Create hello.py with print("hi"), run it and tell me the branch', [("hello.py", 'print("hi")', True)]),
    ],
)
def test_what_to_create_is_read_whole(question, files):
    made = [(p.names[0], p.content, p.run) for p in understand(question).parts if p.kind == "create"]
    assert made == files


@pytest.mark.parametrize(
    "question, names",
    [
        ("看看 blob.bin 和 pipe 里是什么", ["blob.bin", "pipe"]),
        ("what's in 'name with spaces.md'?", ["name with spaces.md"]),
        ("看看 ../shop/stock/红笔.json 写了什么", ["../shop/stock/红笔.json"]),
        ("what does sub/util.js contain?", ["sub/util.js"]),
    ],
)
def test_every_file_named_is_read(question, names):
    assert kinds(question) == [("file", names)]


def test_and_is_name_adds_a_name():
    assert kinds("Is lodash used anywhere, and is pg?") == [("use", ["lodash", "pg"])]


def test_an_english_question_with_pasted_data_is_answered_in_english(inventory):
    record = '{"item": "红笔", "stock": 9, "unit_price": 12, "currency": "CNY"}'
    text = finals(inventory, f"I need 3 boxes of red pens. Enough? Here is the record: {record}")[0]
    assert "Enough" in text and "not recognise" not in text


# ── 第三轮：平常的说法 ──────────────────────────────────────────────
@pytest.mark.parametrize(
    "question, orders",
    [
        ("我想买 3 盒红笔，库存够吗？", [("红笔", 3)]),
        ("我打算买 3 盒红笔，够吗", "unsure"),  # 认得的说法之外：不猜
        ("公司需要 3 盒红笔，够吗", "unsure"),
        ("请帮我下单 3 盒红笔", "unsure"),
        ("帮我查下红笔和蓝笔的库存", [("红笔", None), ("蓝笔", None)]),
        ("有 3 盒红笔吗？", "unsure"),
        ("Do you have 3 blue pens in stock? How much would that cost?", "unsure"),
        ("Do we have enough blue pens for 10 boxes?", [("蓝笔", 10)]),
        ("Can you check if we have 2 boxes of blue pens in stock?", "unsure"),
        ("I have 2 red pens and need 3 more. Enough in stock?", "unsure"),  # 3 more：不是要的总数
    ],
)
def test_ordinary_ways_of_ordering(question, orders):
    assert kinds(question) == [("inventory", orders)]


def test_the_no_unit_note_names_the_items_it_is_about(inventory):
    record = {"item": "黑笔", "stock": 20, "unit_price": 3, "currency": "CNY", "unit": "支"}
    (inventory / "stock" / "黑笔.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    text = finals(inventory, "我需要 2 盒红笔和 3 盒黑笔，够吗？一共多少钱？")[0]
    assert "红笔的库存数据里没写单位" in text and "黑笔的库存数据里没写单位" not in text


def test_a_price_question_after_an_order_does_not_borrow_its_quantity(inventory):
    first, second = finals(inventory, "我需要 2 盒蓝笔，够吗", "红笔单价是多少？")
    assert "单价 12" in second and "你需要" not in second and "数量 2 来自你的问题" not in second


@pytest.mark.parametrize(
    "question, kind, detail",
    [
        ("统计一下 src 里每个 js 文件有多少行", "count", ("src", "js")),
        ("web 目录下的前端用了什么技术栈？", "stack", ("web", "")),
    ],
)
def test_the_folder_and_the_kind_of_file_are_heard(question, kind, detail):
    assert [(p.kind, (p.folder, p.ext)) for p in understand(question).parts] == [(kind, detail)]


def test_follow_ups_in_another_folder_and_about_another_item():
    before = understand("看看这个目录下面有哪些东西")
    assert [(p.kind, p.folder) for p in in_context("那 src 里面呢？", before).parts] == [("ls", "src")]
    pens = understand("How many red pens do you have?")
    assert [o.item for p in in_context("what about pencils?", pens).parts for o in p.names] == ["铅笔"]


@pytest.mark.parametrize(
    "question, content, run",
    [
        ("write main.py with print(1)", "print(1)", False),
        ('创建一个 hello.py，内容是 print("你好")，然后运行它', 'print("你好")', True),
    ],
)
def test_the_content_is_what_follows_with_or_its_own_clause(question, content, run):
    assert [(p.content, p.run) for p in understand(question).parts] == [(content, run)]


def test_the_readme_without_its_extension_is_read(project):
    assert "README.md 一共" in finals(project, "README 里写了什么？")[0]


@pytest.mark.parametrize(
    "question, undone",
    [
        ("这个项目用了什么技术栈？依赖有没有过时的？", "依赖有没有过时的"),
        ("What frameworks does it use? Are the dependencies up to date?", "Are the dependencies up to date"),
        ("有哪些测试文件？列出来并告诉我覆盖率", "列出来并告诉我覆盖率"),
        ("I need 3 boxes of red pens. If not enough, how many days until restock?", "how many days until restock"),
        ("入口文件是哪个？它的路径要改吗？", "它的路径要改吗"),
        ("Read README.md and summarize it", "summarize it"),
    ],
)
def test_a_part_it_knows_but_does_not_do_is_named_even_when_it_sounds_on_topic(question, undone):
    ask = understand(question)  # 没认出的，或者库存问题里没听懂、整个订单不查的那一句：照原话说出来
    assert ask.unknown + [p.content for p in ask.parts if "unsure" in p.asks] == [undone]


def test_run_them_both_runs_both():
    ask = understand('创建 a.py 写入 print("a") 和 b.py 写入 print("b")，然后都运行')
    assert [(p.names, p.run) for p in ask.parts] == [(["a.py"], True), (["b.py"], True)]


def test_a_count_of_the_whole_project_says_it_counted_one_level(project):
    text = finals(project, "这个项目一共有多少行 js 代码？", args=("--yes",))[0]
    assert "`*.js` 只匹配这一层的 .js 文件" in text


# ── 第二轮学习者：一件事问两次、目录名、接着问“每一种”、问文件做什么 ──────────────────────
def test_a_kind_asked_twice_in_one_question_is_answered_once(project):
    assert [p.kind for p in understand("技术栈是什么？入口文件在哪？jest 是哪个版本？").parts] == ["stack", "entry"]
    text = finals(project, "What is the tech stack, where is the entry point, and which version of jest?")[0]
    assert text.count("This project's tech stack") == 1 and "Jest 29.7" in text


@pytest.mark.parametrize(
    "question, folder",
    [
        ("What files are in the empty dir folder?", "empty dir"),
        ('What files are in the "empty dir" folder?', "empty dir"),
        ("帮我看一下 empty dir 目录下都有些什么文件", "empty dir"),
        ("看看 文档 目录下有哪些文件", "文档"),
        ("帮我看一下当前目录下都有些什么文件", "."),
    ],
)
def test_a_folder_name_with_a_space_or_in_chinese_is_the_folder(question, folder):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("ls", folder)]


def test_a_line_count_after_a_folder_counts_that_folder_and_says_which_files(project):
    assert [(p.kind, p.folder) for p in understand("src 目录下有多少个文件？一共多少行？").parts] == [
        ("ls", "src"), ("count", "src")]  # fmt: skip
    text = finals(project, "src 目录下一共多少行？", args=("--yes",))[0]
    assert "wc -l src/*.py" in text and "我只数了 .py 文件，别的文件没有数" in text


def test_a_folder_follow_up_after_the_test_files_lists_that_folder():
    before = understand("Which test files are there?")
    assert [(p.kind, p.folder) for p in in_context("and in src?", before).parts] == [("ls", "src")]
    assert [(p.kind, p.folder) for p in in_context("那 src 呢？", understand("有哪些测试文件？")).parts] == [
        ("ls", "src")
    ]


@pytest.mark.parametrize(
    "questions",
    [
        ["I need 4 boxes of red pens. Enough?", "and the blue ones?", "what about 1 box of each?"],
        ["我需要 3 盒红笔。库存够吗？", "那蓝笔呢？", "两种各要 1 盒呢？"],
    ],
)
def test_each_in_a_follow_up_is_declined_not_guessed(inventory, questions):
    # “1 box of each”“两种各要 1 盒”不是认得的说法：不查，说没听懂
    last = finals(inventory, *questions)[-1]
    assert "stock/两种.json" not in last and declined(last), last


def test_a_quantity_it_could_not_hear_is_never_said_to_be_missing_from_the_question(inventory):
    text = finals(inventory, "If I buy all the blue pens, how much will it cost?")[0]  # 不是认得的说法：不查
    assert "does not say" not in text and declined(text), text


@pytest.mark.parametrize("question", ["src/index.js 是干什么的？", "What does src/index.js do?"])
def test_what_a_file_does_is_quoted_and_the_summary_named_as_not_done(project, question):
    text = finals(project, question)[0]
    assert "express" in text and ("我不从代码里概括它的用途" in text or "I don't sum up what code does" in text)


# ── 第三轮学习者：之后还剩多少、名字里的撇号、开头的中文目录、带空格的路径、一共多少个文件、说了却答了的那一句 ──────
@pytest.mark.parametrize(
    "question, unsure",
    [
        ("I need 2 boxes of red pens. How many red pens would be left afterwards?",
         "How many red pens would be left afterwards"),
        ("How many files are there, including subfolders?", None),
    ],
)  # fmt: skip
def test_what_it_does_not_work_out_is_named(question, unsure):
    ask = understand(question)  # 库存问题里没听懂的一句：整个订单不查（unsure），回答照原话说出这一句
    assert ([(p.asks, p.content) for p in ask.parts] == [({"unsure"}, unsure)]) if unsure else ask.unknown


@pytest.mark.parametrize(
    "question, heard",
    [
        ("创建一个 it's.py 写入 print(1) 然后运行它", ("create", ".", ["it's.py"])),
        ("What files are in the 数据 folder?", ("ls", "数据", [])),
        ("数据 目录下有几个文件？", ("ls", "数据", [])),
        ("数据目录下有几个文件？", ("ls", "数据", [])),
        ("数据/说明 文件.md 里写了什么？", ("file", ".", ["数据/说明 文件.md"])),
        ("How many files are in this project in total?", ("ls", ".", [])),
        ("这个项目用的是什么语言？", ("stack", ".", [])),
    ],
)
def test_the_name_asked_about_is_the_one_done(question, heard):
    assert [(p.kind, p.folder, p.names) for p in understand(question).parts] == [heard]


@pytest.mark.parametrize(
    "questions, unknown",
    [(["I need 6 red pens. Is that possible?"], ["Is that possible"]), (["tests 目录里有几个文件？分别是什么？"], []),
     (["这个项目用的是什么语言，依赖了哪些库？"], []),
     (["Do you have 5 boxes of red pens?", "and the blue ones?"], ["the blue ones"]),
     (["Is click used anywhere?", "and rich?"], [])],
)  # fmt: skip
def test_only_a_sentence_it_did_not_answer_is_called_not_recognised(questions, unknown):
    # “Is that possible”“and the blue ones”不是认得的说法：照原话说没认出（或者没听懂，整个订单不查）
    ask = None
    for question in questions:
        ask = in_context(question, ask)
    assert ask.unknown + [p.content for p in ask.parts if "unsure" in p.asks] == unknown


def test_one_blue_pen_box_in_english_is_declined_not_read_as_an_item():
    (part,) = understand("How much is one blue pen box?").parts  # 名字以量词结尾：不猜是“blue pen box”还是蓝笔
    assert heard(part) == "unsure"


def test_a_listing_says_it_did_not_go_into_subfolders(project):
    text = finals(project, "这个项目一共有多少个文件？", args=("--yes",))[0]
    assert "只列了这一层：src/、tests/ 里面的没有列" in text
    for name in "abcdefg":
        (project / name).mkdir()
    text = finals(project, "What files are in this folder?", args=("--yes",))[0]
    assert "(Only this level: what is inside a/, b/, c/, d/, e/, etc. was not listed.)" in text, text


@pytest.mark.parametrize(
    "question", ["项目里有没有用到 express？如果有，在哪个文件？", "用到 express 了吗？如果用到了，在哪？"]
)
def test_if_so_before_the_second_half_is_no_new_question(question):
    ask = understand(question)
    assert ask.parts and not ask.unknown, ask


def test_a_line_count_that_did_not_run_uses_a_file_already_read_whole(project):
    text = finals(project, "src/index.js 里写了什么？它有多少行？")[0]  # 不在终端上、没有 --yes：wc 不执行
    assert "命令没有执行" in text and "不过 src/index.js 我已经读全了" in text and "每个 .py" not in text


def test_the_error_line_of_a_failed_count_is_quoted(workdir):
    (workdir / "-dash.py").write_text("x\n", encoding="utf-8")
    text = finals(workdir, "帮我统计当前目录下每个 .py 文件的行数", args=("--yes",))[0]
    assert "invalid option" in text or "illegal option" in text or "unrecognized" in text, text


# ── 第四轮学习者：挨着写的两种商品、建别的文件、测试命令、“第一个”、声明了不等于代码里用了、问法的小变化 ──────
def test_two_items_written_side_by_side_with_each_are_declined_not_guessed():
    (part,) = understand("红笔蓝笔各要3盒，库存够不够？总共要多少钱").parts  # 中间没有“和”：不猜是几种
    assert heard(part) == "unsure"


@pytest.mark.parametrize(
    "questions",
    [["make a file called notes.txt containing hello there and then show me it"],
     ["what files are in the lib folder", "how many lines is the first one?"]],
)  # fmt: skip
def test_what_it_cannot_do_or_resolve_is_named_not_answered_as_something_else(questions):
    ask = None
    for question in questions:
        ask = in_context(question, ask)
    assert ask.unknown and not any(p.kind in ("file", "count") for p in ask.parts)


@pytest.mark.parametrize(
    "question, kind",
    [("这个项目是做什么用的？", "about"), ("what does this project actually do?", "about"),
     ("需要什么 python 版本？", "stack"), ("这个是用 TypeScript 写的吗", "stack"), ("src/a.py 有几行", "count"),
     ("list everything in this folder", "ls"), (".env.local 里写了什么", "file")],
)  # fmt: skip
def test_small_changes_of_wording_stay_the_same_kind(question, kind):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == [kind] and not ask.unknown


def test_sentences_it_used_are_not_called_not_recognised():
    assert not understand("这个项目用的是什么技术栈？都是哪些版本").unknown
    ask = in_context("ok and if I take 1 red + 1 blue box, total?", understand("how many red pens are left?"))
    assert [heard(p) for p in ask.parts] == ["unsure"]  # 1 red + 1 blue box：不猜，说哪一句没听懂


def test_a_dependency_declared_but_not_imported_is_said_to_be_only_declared(project):
    text = finals(project, "react 在代码里哪里用到了？")[0]
    assert "依赖清单里声明了 react，按 react 搜到的代码里没有引入它的地方" in text and "用到了 react" not in text


def test_a_file_it_could_not_read_names_the_file_it_heard(tmp_path):
    (tmp_path / "it's mine.md").write_text("x\n", encoding="utf-8")
    text = finals(tmp_path, "what's in it's mine.md?")[0]
    assert "I took the file name to be" in text


# ── 第五轮学习者：同一问题里补问的细节、只在哪里、换一种的数量、有 X 吗、从模块引入的名字 ──────
@pytest.mark.parametrize(
    "question, kind",
    [("这个项目的前端和后端分别用的是什么框架，版本号是多少？", "stack"), ("src 目录下有哪些文件？一共几个？", "ls"),
     ("What files are in this directory now? How many are there?", "ls"), ("src 里有什么文件？总共多少个？", "ls")],
)  # fmt: skip
def test_a_detail_the_answer_gives_is_not_a_new_question_nor_called_not_recognised(question, kind):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == [kind] and not ask.unknown


@pytest.mark.parametrize(
    "question",
    ["Where is count_lines used? Is it called anywhere outside tests?", "click 除了测试以外哪里用到了？",
     "Is rich used anywhere except the tests?"],
)  # fmt: skip
def test_outside_the_tests_is_named_as_not_done_never_answered_with_the_test_files(question):
    ask = understand(question)
    assert ask.unknown and "tests" not in [p.kind for p in ask.parts]


@pytest.mark.parametrize(
    "follow_up, folder", [("and only in tests?", "tests"), ("只在 tests 里呢？", "tests"), ("and just in src?", "src")]
)
def test_only_in_a_folder_repeats_the_search_there(follow_up, folder):
    ask = in_context(follow_up, understand("Is express used anywhere? What about lodash?"))
    assert [(p.kind, p.folder) for p in ask.parts] == [("use", folder)]


@pytest.mark.parametrize("folder", ["the code", "the source", "the codebase"])
def test_the_code_is_not_a_folder(folder):
    assert [(p.kind, p.folder) for p in understand(f"Is express used anywhere in {folder}?").parts] == [("use", ".")]


def test_a_total_of_the_same_files_is_counted_once_with_the_kind_of_file_said():
    ask = understand("统计 src/wordcount 下每个 .py 文件的行数，一共多少行？")
    assert [(p.kind, p.folder, p.ext) for p in ask.parts] == [("count", "src/wordcount", "py")]


@pytest.mark.parametrize(
    "question, orders",
    [("有黑笔吗？我想要 2 盒。", "unsure"), ("还有蓝笔吗？库存够 2 盒吗", "unsure"),
     ("有没有红笔？要 3 盒", "unsure"), ("红笔的单价是多少？买 10 盒要多少钱？", [("红笔", 10)]),
     ("Do you have black pens? I want 2 boxes.", [("黑笔", 2)])],
)  # fmt: skip
def test_is_there_x_is_declined_and_a_quantity_before_a_verb_is_heard(question, orders):
    assert kinds(question) == [("inventory", orders)]  # 不认得的说法（“有黑笔吗”“库存够 2 盒吗”“Do you have …”）：不猜


def test_is_there_another_item_is_about_that_item_not_the_last_one(inventory):
    text = finals(inventory, "我需要 3 盒红笔。库存够吗？", "有黑笔吗？我想要 2 盒。")[1]
    assert "黑笔" in text and "沿用" not in text and "红笔库存" not in text


def test_only_the_files_read_before_are_called_read_earlier(inventory):
    text = finals(inventory, "我需要 3 盒红笔。库存够吗？", "我要 1 盒红笔和 1 盒蓝笔，一共多少钱？")[1]
    assert "其中 stock/红笔.json 是之前的问题里读到的" in text


# ── 第六轮学习者：换个目录接着问、接着数、问的不是上一件事、“两个库”、先说颜色的商品、没写的运行时版本 ──────
@pytest.mark.parametrize(
    "first, follow_up, expected",
    [("项目里哪里用到了 express？", "只看 tests 目录里呢？", ("use", "tests")),
     ("项目里哪里用到了 express？", "那 tests 里有没有用到它？", ("use", "tests")),
     ("nanoid 在代码里哪儿用到了？", "test 文件夹里有用到吗？", ("use", "test")),
     ("Where is nanoid used?", "and the test folder?", ("use", "test")),
     ("Count the lines in each .js file under src", "and the test folder?", ("count", "test"))],
)  # fmt: skip
def test_a_follow_up_naming_a_test_folder_repeats_the_last_question_there(first, follow_up, expected):
    ask = in_context(follow_up, understand(first))
    assert [(p.kind, p.folder) for p in ask.parts] == [expected] and not ask.unknown


def test_a_total_after_a_count_counts_the_same_files_and_names_the_sum_it_did_not_make():
    ask = in_context("加起来一共多少行？", understand("统计一下 src 和 tests 里每个 js 文件有多少行"))
    assert [(p.kind, p.folder, p.ext) for p in ask.parts] == [("count", "src", "js"), ("count", "tests", "js")]
    assert ask.unknown == ["加起来"]


@pytest.mark.parametrize("follow_up", ["那它启动后监听哪个端口？", "and what port does it listen on after it starts?"])
def test_a_follow_up_about_something_else_is_not_answered_with_the_last_answer(follow_up):
    ask = in_context(follow_up, understand("入口文件是哪个？怎么把它跑起来？"))
    assert not ask.parts and ask.unknown


def test_what_the_test_file_checks_is_said_to_be_not_read(project):
    text = finals(project, "What does the test file check, and how many lines is it?")[0]
    assert "tests/test_index.js" in text and "I only listed the files" in text, text
    assert "can't tell how many lines tests/test_index.js has" in text, text  # 数的是列出来的测试文件（没批准就没数）


@pytest.mark.parametrize("question", ["pytest 和 numpy 这两个库项目里用到了吗？", "这三个文件里有没有用到 lodash"])
def test_two_libraries_or_three_files_are_not_a_quantity_of_goods(question):
    assert "inventory" not in [p.kind for p in understand(question).parts]


def test_a_colour_said_alone_is_declined_not_given_the_goods_said_elsewhere():
    ask = understand("I want 3 boxes of blue pens and 3 of red. Total price?")  # 3 of red：不猜是什么
    assert [heard(p) for p in ask.parts] == ["unsure"]


def test_a_runtime_version_that_no_manifest_names_is_said_to_be_missing(project):
    text = finals(project, "这个项目里的依赖都是什么版本？node 要求哪个版本？")[0]
    assert "清单里没写要求的运行时版本" in text and "React 18.2" in text


def test_a_count_that_did_not_run_adds_no_notes_about_what_it_would_have_counted():
    out = run_main("--demo", "-C", PROJECT, "数一下 src 里每个 js 文件有多少行")
    assert "没有执行" in out.stdout or "没有运行" in out.stdout or "not run" in out.stdout
    assert "只匹配这一层" not in out.stdout and "我数的是 .py" not in out.stdout


def test_a_search_in_one_folder_says_so_when_it_finds_a_use(project):
    text = finals(project, "Is express used anywhere?", "only in src?")[1]
    assert "Yes, express is used (I searched only src)" in text


# ── 第六轮攻击：换掉、不要了的商品；“有…吗”里不是商品的；测试除外的各种说法；几个目录接着问 ──────


@pytest.mark.parametrize(
    "question, undone",
    [("红笔 3 盒够吗？有优惠吗？", "有优惠吗"), ("红笔 3 盒够吗？有没有赠品？", "有没有赠品"),
     ("2 盒红笔，有保修吗", "有保修吗")],
)  # fmt: skip
def test_is_there_something_else_next_to_an_order_declines_it_not_read_as_an_item(question, undone):
    ask = understand(question)  # 没听懂的一句：整个订单不查，照原话说
    assert [(heard(p), p.content) for p in ask.parts] == [("unsure", undone)] and not ask.unknown


@pytest.mark.parametrize(
    "question",
    ["Is supertest used excluding tests?", "除测试外哪里用到 supertest", "Is it used anywhere but the tests?",
     "不算测试，哪里用到了 click", "测试文件除外，哪里用到了 click", "排除 tests 目录，click 用在哪"],
)  # fmt: skip
def test_every_way_of_leaving_out_the_tests_is_named_as_not_done(question):
    ask = understand(question)
    assert ask.unknown and "tests" not in [p.kind for p in ask.parts]


def test_a_follow_up_naming_two_folders_does_each():
    ask = in_context("only in src and tests?", understand("Is express used anywhere?"))
    assert [(p.kind, p.folder) for p in ask.parts] == [("use", "src"), ("use", "tests")]


# ── 第七轮学习者：另一小句里的新商品、说到的旧商品、全部买下、both、文件名不是库名、“现在”不是目录、只问库存 ──────
def conversation_of(*questions):
    ask = None
    for question in questions:
        ask = in_context(question, ask)
    return [(o.item, o.quantity) for p in ask.parts for o in p.names], ask.unknown, [p.carried for p in ask.parts]


def test_a_new_item_with_a_clause_it_cannot_read_in_a_follow_up_is_declined():
    # “有没有货”不是认得的说法：整个问题不查，不沿用上一个问题的数量
    ask = in_context("那绿笔呢？有没有货？", understand("I need 3 boxes of red pens and 3 boxes of blue pens. Total?"))
    assert [heard(p) for p in ask.parts] == ["unsure"] and not ask.unknown


def test_buying_all_of_an_earlier_item_is_declined_not_guessed():
    # “把红笔全买下来”不是认得的说法：整个问题不查，不猜数量
    ask = None
    for question in ["我需要 3 盒红笔。库存够吗？", "那绿笔呢？", "要是把红笔全买下来，要花多少钱？"]:
        ask = in_context(question, ask)
    assert [(heard(p), p.content) for p in ask.parts] == [("unsure", "要是把红笔全买下来")] and not ask.unknown


def test_both_of_them_is_declined_not_guessed():
    # “both of them”“Need 2 of each”不是认得的说法：不猜是哪两种
    ask = None
    for question in [
        "我需要 2 盒绿笔",
        "我需要 6 盒红笔，够吗？",
        "How many blue pens are left?",
        "And if I take both of them? Need 2 of each.",
    ]:
        ask = in_context(question, ask)
    assert not ask.parts and ask.unknown  # 认不出：什么也不查，照原话说


def test_both_kinds_from_the_conversation_are_declined_not_guessed(inventory):
    text = finals(inventory, "我需要 1 盒红笔", "我需要 1 盒蓝笔", "两种各要 2 盒呢？")[2]  # “两种”：不猜是哪两种
    assert declined(text) and "沿用你前面问的" not in text


def test_how_many_are_in_stock_after_a_follow_up_it_did_not_read_is_no_earlier_item(inventory):
    # “and the blue ones”没认出：“how many are in stock”不知道问的是哪一种，不拿红笔充数
    said = finals(inventory, "I need 2 boxes of red pens. Enough?", "and the blue ones?", "how many are in stock?")[2]
    assert "Red pens" not in said and "which item" in said, said


@pytest.mark.parametrize("question", ["summary.py 用了哪个模块的函数？", "what does utils.ts use?"])
def test_a_file_name_is_not_searched_as_a_library(question):
    assert "use" not in [p.kind for p in understand(question).parts]


@pytest.mark.parametrize("question", ["现在目录里都有什么文件？", "目前这个文件夹里有哪些文件"])
def test_now_is_not_a_folder_name(question):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("ls", ".")]


# ── 第八轮学习者：测了什么、几个用例；另一小句里的目录和文件类型 ──────
@pytest.mark.parametrize(
    "question",
    ["tests 文件夹下面有几个文件？里面测试了什么？", "tests 目录里测试了哪些函数？",
     "What test framework does it use, and how many test cases are in the test folder?"],
)  # fmt: skip
def test_what_the_tests_check_or_how_many_cases_is_said_to_be_not_read(project, question):
    text = finals(project, question)[0]
    assert "tests/test_index.js" in text and ("没有读它们" in text or "did not read them" in text)


def test_a_count_takes_the_folder_and_the_kind_of_file_from_another_clause():
    ask = understand("src/stocktool 目录里有几个 .py 文件？每个多少行？")
    assert ("count", "src/stocktool", "py") in [(p.kind, p.folder, p.ext) for p in ask.parts]


def test_enough_of_each_after_a_dash_is_declined_not_guessed():
    ask = understand("I want 2 boxes of red pens plus 1 box of blue pens - is there enough of each, and the total?")
    assert [heard(p) for p in ask.parts] == ["unsure"]  # 不认得的说法：不查


def test_which_dependency_table_is_named_as_not_done_never_read_as_a_folder():
    ask = in_context("jest 是放在 dependencies 还是 devDependencies 里的？", understand("这个项目依赖哪些库？"))
    assert not ask.parts and ask.unknown


# ── 第九轮学习者：算出来的、查出来的那一部分（还剩多少、预算、几个测试函数）；项目自己的版本、怎么跑测试、
# 用什么命令启动；子目录里没有清单；接着问时不要了的商品 ──────
PYPROJECT = """[project]
name = "tinycalc"
version = "0.3.1"
dependencies = ["click>=8.1"]

[project.optional-dependencies]
dev = ["pytest>=7.4"]
"""


@pytest.mark.parametrize(
    "question, undone",
    [("If I buy 5 boxes of red pens, how many will be left in stock?", "left"),
     ("I need 4 boxes of red pens. How much will that cost, and how many will be left in stock afterwards?", "left"),
     ("我要 3 盒红笔，买完还剩几盒？", "买完"), ("I have 50 CNY. How many red pens can I buy?", "CNY"),
     ("我有 50 元，能买几盒红笔？", "50 元"), ("预算 100 元，红笔够买几盒？", "预算")],
)  # fmt: skip
def test_what_is_left_after_buying_and_what_a_budget_buys_are_named_as_not_done(inventory, question, undone):
    text = finals(inventory, question)[0]  # 照原话说没认出，或者没听懂、什么也不查
    said = ("没有认出", "认不出", "did not recognise", "can't tell")
    assert undone in text and (any(s in text for s in said) or declined(text)), text


@pytest.mark.parametrize(
    "question", ["tests 目录下有哪些测试文件？一共有几个测试函数？", "How many test functions are there?"]
)
def test_how_many_test_functions_is_said_to_be_not_read(project, question):
    text = finals(project, question)[0]
    assert "tests/test_index.js" in text and ("没有读它们" in text or "did not read them" in text), text


@pytest.mark.parametrize(
    "question", ["怎么跑测试？", "how do I run the tests?", "用什么命令运行测试？", "what's the test command?",
                 "Which command runs the tests, and what test framework do they use?"]
)  # fmt: skip
def test_how_to_run_the_tests_is_the_test_script(project, question):
    data = json.loads((project / "package.json").read_text(encoding="utf-8"))
    (project / "package.json").write_text(json.dumps({**data, "scripts": {"test": "mocha test"}}), encoding="utf-8")
    text = finals(project, question)[0]
    assert "`npm test`" in text and "mocha test" in text, text


def test_how_to_run_the_tests_without_a_script_is_a_guess_from_the_framework_or_said_unknown(workdir):
    (workdir / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (workdir / "tests").mkdir()
    assert "一般用 `pytest`" in finals(workdir, "怎么跑测试？")[0]
    (workdir / "pyproject.toml").write_text(PYPROJECT.replace("pytest>=7.4", "ruff"), encoding="utf-8")
    assert "说不出来" in finals(workdir, "怎么跑测试？")[0]


def test_which_command_starts_it_is_how_to_run_it(project):
    data = json.loads((project / "package.json").read_text(encoding="utf-8"))
    scripts = {"main": "src/index.js", "scripts": {"start": "node bin/x.js"}}
    (project / "package.json").write_text(json.dumps({**data, **scripts}), encoding="utf-8")
    assert "npm start" in finals(project, "这个项目的入口文件是哪个？用什么命令启动？")[0]


@pytest.mark.parametrize(
    "question", ["tests 目录里的测试用的是什么测试框架？", "What tech stack does the src folder use?"]
)
def test_a_folder_without_a_manifest_says_so_and_answers_from_the_work_folder(project, question):
    text = finals(project, question)[0]
    assert ("里没有依赖清单" in text or "has no manifest" in text) and "Jest" in text, text
    assert "工作目录里没有" not in text and "The work folder has no" not in text


# ── 第十轮学习者：README 里写的运行、测试命令；开发时怎么启动；要构建出来的入口；接着测试问“怎么跑”；
# 库存一共还有多少；测试文件里写了什么；商品名前面的动词 ──────
FLASK_README = "# Notes API\n\nA tiny API.\n\n## Run\n\n    pip install -r requirements.txt\n    flask --app app run --debug\n\n## Tests\n\n    pytest -q\n"  # noqa: E501


def flask_project(where):
    (where / "README.md").write_text(FLASK_README, encoding="utf-8")
    (where / "requirements.txt").write_text("flask\npytest\n", encoding="utf-8")
    (where / "wsgi.py").write_text("from app import create_app\napp = create_app()\n", encoding="utf-8")
    (where / "tests").mkdir()
    (where / "tests" / "test_notes.py").write_text("def test_x():\n    pass\n", encoding="utf-8")
    return where


@pytest.mark.parametrize(
    "questions, unsaid",
    [(["这个项目的入口文件是什么？怎么启动它？"], "flask --app app run"),
     (["README.md 里写了什么？", "So how do I start the server?"], "flask --app app run"),
     (["how do I run the tests?"], "pytest -q"),
     (["Which test files does this project have?", "and how do I run them?"], "pytest -q")],
)  # fmt: skip
def test_indented_commands_under_run_and_tests_headings_are_not_read_and_the_answer_says_so(workdir, questions, unsaid):
    """README 里“## Run”“## Tests”下面缩进的命令不是 shell 代码块：不读，说没找到读得懂的写法，入口照样说。"""
    text = finals(flask_project(workdir), *questions)[-1]
    assert unsaid not in text and not_read(text) and "section of README.md" not in text, text
    assert "没有常见的入口文件" not in text and "no usual entry" not in text, text


def test_the_dev_server_is_the_dev_script_and_a_built_entry_is_said_to_be_missing(project):
    scripts = {"start": "node dist/server.js", "dev": "ts-node-dev src/server.ts", "test": "vitest run"}
    (project / "package.json").write_text(json.dumps({"name": "p", "scripts": scripts}), encoding="utf-8")
    dev = finals(project, "What npm scripts are defined, and how do I start the dev server?")[0]
    assert "npm run dev" in dev and "npm start" not in dev
    assert "工作目录里没有它" in finals(project, "这个项目的入口文件是什么？")[0]
    both = finals(project, "这个项目的入口文件是什么？", "那测试呢？怎么跑？")[1]
    assert "`npm test`" in both and "npm start" not in both


def test_how_much_stock_of_both_after_an_order_is_declined_not_taken_as_the_order(inventory):
    text = finals(inventory, "我要买 4 盒红笔，够吗？一共多少钱？", "那蓝笔呢？", "那现在两种笔一共还有多少库存？")[2]
    assert declined(text) and "你需要" not in text, text  # “两种笔一共还有多少”不是认得的说法：不查


@pytest.mark.parametrize("question", ["测试文件里写了什么？", "What's in the test files?"])
def test_what_the_test_files_say_is_said_to_be_not_read_never_a_bare_list(project, question):
    text = finals(project, question)[0]
    assert "没有读它们" in text or "did not read them" in text


@pytest.mark.parametrize("question", ["蓝笔 2 盒够不够？顺便告诉我单价", "蓝笔 2 盒够吗？我想知道单价"])
def test_a_verb_before_the_price_is_not_an_item(inventory, question):
    text = finals(inventory, question)[0]  # “顺便告诉我单价”“我想知道单价”不是认得的说法：不查，说没听懂
    assert declined(text) and "没能读到" not in text, text


# ── 第十一轮学习者：库名后面紧跟着的中文；说了别的目录时只列按测试命名的文件；空格隔开的几种商品；“py文件” ──────
@pytest.mark.parametrize(
    "question, names",
    [("有用pinia吗", ["pinia"]), ("有用到lodash吗", ["lodash"]), ("有用vue-router吗", ["vue-router"])],
)
def test_a_library_name_typed_against_chinese_is_the_name_alone(question, names):
    assert understand(question).parts[0].names == names


def test_a_library_name_typed_against_chinese_in_a_stack_question_is_the_name_alone(project):
    text = finals(project, "这个项目是干嘛的？用的express是哪个版本")[0]
    assert "Express 4.18" in text and "我没看到" not in text


def test_test_files_in_a_named_folder_are_only_the_files_named_like_tests(workdir):
    (workdir / "src" / "components").mkdir(parents=True)
    for name in ("CitySearch.vue", "WeatherCard.vue", "WeatherCard.test.js"):
        (workdir / "src" / "components" / name).write_text("x\n", encoding="utf-8")
    text = finals(workdir, "src/components 里有测试文件吗")[0]
    assert "WeatherCard.test.js" in text and "CitySearch.vue" not in text and "WeatherCard.vue" not in text


@pytest.mark.parametrize("question", ["红笔 蓝笔各来1盒，总共多少钱", "红笔 蓝笔 黑笔各来1盒，总共多少钱"])
def test_items_separated_by_spaces_are_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]  # 不是认得的说法：不猜是几种、各几盒


def test_py_without_the_dot_is_the_kind_of_file():
    assert [(p.kind, p.ext) for p in understand("统计一下 src/todo_cli 下面每个py文件多少行").parts] == [
        ("count", "py")
    ]


# ── 第十一轮学习者（英文）：口头语不是库名；颜色沿用的名词、to that order；-r 引用的清单已经读了；装的名字和
# import 的名字（dotenv）；没有的清单不说“没写” ──────
@pytest.mark.parametrize(
    "question",
    ["hey what's this project built with? like which frameworks and versions",
     "what does this project do and what python version do i need for it?"],
)  # fmt: skip
def test_filler_words_are_not_libraries_asked_about(project, question):
    text = finals(project, question)[0]
    assert "You asked about" not in text and "no engines in package.json" not in text, text


def test_colours_and_an_added_item_said_loosely_are_declined_not_guessed(inventory):
    said = finals(
        inventory,
        "hey do we have enough red pens if i need 4 boxes? how much would that cost",
        "what about the blue ones?",
        "ok so what if i only take 2 blue, how much is that?",
        "cool. and how many red ones are left and what do they cost each?",
        "alright so if i get 3 red and 2 blue, whats the grand total?",
        "and if i also add 1 black pen to that order?",
    )
    # 随口的说法（“if i need 4 boxes”“2 blue”“3 red and 2 blue”“the blue ones”“add 1 black pen”）：不猜，什么也不算
    assert all(declined(one) for one in said[:3] + said[4:]), said


def test_a_manifest_included_with_r_that_was_read_is_not_called_unread(workdir):
    (workdir / "requirements.txt").write_text("fastapi==0.110.0\npython-dotenv==1.0.1\n", encoding="utf-8")
    (workdir / "requirements-dev.txt").write_text("-r requirements.txt\npytest==8.1.1\n", encoding="utf-8")
    (workdir / "db.py").write_text("from dotenv import load_dotenv\n", encoding="utf-8")
    stack = finals(workdir, "what's the tech stack here and which versions?")[0]
    assert "FastAPI 0.110" in stack and "not read" not in stack, stack
    used = finals(workdir, "搜索一下项目里有没有用到 dotenv")[0]
    assert "2 处依赖声明或引入" in used and "requirements.txt:2: python-dotenv" in used, used


# ── 第十二轮学习者：README 里“Build and run”一节、正文里说的测试命令；名字以“订”开头的商品；只说了数量的英文接着问；
# 商品在别的小句里、数量在这一句；crates 不是库名 ──────
RUST_README = (
    '# rustcalc\n\nAn RPN calculator.\n\n## Build and run\n\n```\nmake build\n./target/release/rustcalc "3 4 +"\n```\n'
)


# “Build and run”不是讲怎么运行的标题、正文里的一句不读：说没找到读得懂的写法，测试只按清单里的框架猜
def test_a_build_and_run_section_and_a_sentence_about_the_tests_are_not_read(workdir):
    (workdir / "README.md").write_text(RUST_README, encoding="utf-8")
    (workdir / "src").mkdir()
    (workdir / "src" / "main.rs").write_text("fn main() {}\n", encoding="utf-8")
    text = finals(workdir, "What is the entry point of this program and how do I run it?")[0]
    assert "rustcalc" not in text and "make build" not in text and not_read(text)
    readme = "# app\n\nA client.\n\nRun the tests with `poetry run pytest`.\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "pyproject.toml").write_text('[tool.poetry.group.dev.dependencies]\npytest = "^8"\n', encoding="utf-8")
    said = finals(workdir, "怎么跑测试？")[0]
    assert "poetry run" not in said and "`pytest`" in said and "没找到我读得懂的跑测试的写法" in said, said
    (workdir / "README.md").write_text("# app\n\n## Runtime notes\n\n`export X=1`\n", encoding="utf-8")
    assert "export X=1" not in finals(workdir, "How do I run it?")[0]


@pytest.mark.parametrize("question", ["我要买 2 个订书机，库存够吗？", "订书机还有多少？"])
def test_an_item_whose_name_starts_like_a_verb_keeps_its_whole_name(question):
    assert [o.item for p in understand(question).parts for o in p.names] == ["订书机"]


def test_an_english_follow_up_with_only_a_number_after_need_is_declined_not_guessed(inventory):
    text = finals(inventory, "我需要 4 盒红笔，够吗？", "What about blue pens, if I need 1?")[1]  # “if I need 1”：不猜
    assert declined(text) and "Same quantity" not in text, text


def test_an_item_named_in_another_sentence_of_a_follow_up_is_the_one_checked(inventory):
    said = finals(
        inventory,
        "我需要 4 盒红笔，够吗？",
        "How many blue pens are in stock?",
        "红笔的文件刚改过，重新读一下，还够 4 盒吗？",
    )
    assert declined(said[2]) and "库存 2" not in said[2] and "上一个问题" not in said[2], said[2]  # 没听懂的一句说了数


def test_crates_is_not_a_library_name():
    assert all("crates" not in p.names for p in understand("which crates does it depend on?").parts)


# ── 第十三轮学习者：Vite 的 main.jsx；“哪个”“short”“的话现有的”不是商品；“them”不是库名；测试框架后面的“怎么运行”；
# “that folder” 里的文件 ──────
def test_a_vite_entry_is_a_usual_entry_file(workdir):
    node_project = {"name": "w", "scripts": {"dev": "vite"}}
    (workdir / "package.json").write_text(json.dumps(node_project), encoding="utf-8")
    (workdir / "src").mkdir()
    (workdir / "src" / "main.jsx").write_text("import React from 'react'\n", encoding="utf-8")
    text = finals(workdir, "How do I start the dev server, and what's the entry point of the app?")[0]
    assert "src/main.jsx" in text and "npm run dev" in text and "did not recognise" not in text, text


@pytest.mark.parametrize(
    "question",
    ["我要 3 支蓝笔和 2 支红笔，库存够不够？哪个不够、差几支？",
     "我要 2 盒蓝笔和 2 盒红笔，哪个库存不够？都够的话一共多少钱？",
     "I need 2 boxes of blue pens and 2 boxes of red pens. Is either one short? If not, what's the total?",
     "红笔我要 6 盒，够吗？不够的话现有的 5 盒一共多少钱？"],
)  # fmt: skip
def test_question_words_and_fragments_are_not_items(question):
    items = {o.item for p in understand(question).parts for o in p.names}
    assert items <= {"红笔", "蓝笔"}, items


def test_them_is_not_a_library_name():
    assert all("them" not in p.names for p in understand("Which library does it use for them?").parts)


@pytest.mark.parametrize(
    "question",
    ["tests 文件夹里的测试用的是什么框架？怎么运行？", "Which test framework do the tests use, and how do I run them?"],
)
def test_how_to_run_them_after_the_test_framework_runs_the_tests(project, question):
    text = finals(project, question)[0]
    assert "`npx jest`" in text and "node src/index.js" not in text, text


def test_a_file_in_that_folder_is_read_in_the_last_folder(project):
    out = run_main(
        "--demo",
        "--yes",
        "-C",
        str(project),
        input="What files are in src?\nShow me what index.js in that folder says\n",
    )
    assert 'read_file({"path": "src/index.js"})' in out.stdout


# ── 第十四轮学习者：“这么多”不是商品、也不是上一个数量；问有哪几种商品不是接着问上一种；
# 猜的测试命令说它跑哪些文件要看配置 ──────
def test_that_many_is_declined_neither_an_item_nor_the_last_quantity(inventory):
    assert kinds("我买这么多红笔，一共多少钱？") == [("inventory", "unsure")]  # “这么多”没听懂：不查，不猜
    text = finals(inventory, "我要买 4 盒蓝笔，库存够不够？", "那我最多能买几盒？买这么多一共多少钱？")[1]
    assert declined(text) and "4 盒" not in text, text


@pytest.mark.parametrize("then", ["库存里一共有哪几种商品？", "Which products do you have stock records for?"])
def test_which_items_there_are_is_not_a_follow_up_about_the_last_item(inventory, then):
    text = finals(inventory, "红笔还有多少？", then)[1]
    assert "库存 5" not in text and "5 in stock" not in text and ("认不出" in text or "can't tell" in text), text


def test_a_guessed_test_command_says_which_files_it_runs_depends_on_its_settings(project):
    text = finals(project, "怎么跑这个项目的测试？用的是什么测试框架？")[0]
    assert "`npx jest`" in text and "看它的配置" in text


# ── 第十五轮学习者：“and on which port”另是一件事；几次提交不是分支；“能买到几盒、那些多少钱”不沿用上一个数量 ──────
def test_a_question_after_and_on_which_is_its_own_part():
    ask = understand("How do I run it and on which port does it listen?")
    assert [p.kind for p in ask.parts] == ["entry"] and ask.unknown == ["on which port does it listen"]


@pytest.mark.parametrize("question", ["这个分支上有几次提交？", "这个项目监听哪个端口？"])
def test_commits_and_ports_are_named_as_not_done(question):
    assert not understand(question).parts


def test_how_many_can_i_get_does_not_repeat_the_last_quantity(inventory):
    said = finals(inventory, "I need 3 boxes of blue pens. Enough?",
                  "Then how many blue boxes can I actually get, and what would those cost?")  # fmt: skip
    assert "you need 3" not in said[1] and "say the whole order again" in said[1], said[1]  # actually：分不清，不猜


# ── 第十六轮学习者：没说哪个库的“版本号”也说项目自己的；列过目录再问“分别有几行”；库名紧贴中文再问版本；
# “README 里”不是目录；英文写的库存文件名 ─────────────────────────────────────────────────────────
def test_which_version_after_is_it_used_is_about_that_library_not_the_project(project):
    said = finals(project, "is express used?", "which version?")
    assert "Express 4.18" in said[1] and "own version" not in said[1], said[1]


@pytest.mark.parametrize(
    "question, names",
    [("react的版本是多少", ["react"]), ("jest version?", ["jest"]), ("用的express是哪个版本", ["express"])],
)
def test_a_library_before_version_is_a_stack_question_about_it(question, names):
    parts = understand(question).parts
    assert [(p.kind, p.names) for p in parts] == [("stack", names)]


@pytest.mark.parametrize("then", ["分别有几行？", "How many lines does each have?"])
def test_lines_asked_after_a_listing_count_the_listed_folder(project, then):
    said = finals(project, "src 下面有哪些文件？", "那 tests 里面呢", then, args=("--yes",))
    assert "tests/" in said[2] and "wc -l *.py" not in said[2], said[2]


@pytest.mark.parametrize("name", ["README", "Dockerfile", "Makefile", "LICENSE"])
def test_a_well_known_file_before_li_is_not_a_folder(name):
    assert all(p.folder == "." for p in understand(f"{name} 里写了怎么跑测试吗？").parts)


@pytest.mark.parametrize(
    "question, unsure",
    [
        ("What web framework does this project use, and which Python version does it need?", None),
        ("用了 express 吗？在哪些文件里？", None),
        ("Check red pens for me: I need 5 boxes. If that works, what's the bill?", "Check red pens for me"),
        ("这个前端用的是 React 还是 Vue？什么版本？", None),
    ],
)
def test_a_second_sentence_that_the_answer_covers_is_not_called_not_understood(question, unsure):
    ask = understand(question)
    if unsure:  # 库存的说法没听懂：整个订单不查，照原话说哪一句没听懂
        assert [(heard(p), p.content) for p in ask.parts] == [("unsure", unsure)], ask.parts
        return
    assert ask.parts and not ask.unknown, ask.unknown


def test_english_stock_files_named_in_agents_md_are_read_by_their_english_names(tmp_path):
    (tmp_path / "stock").mkdir()
    (tmp_path / "AGENTS.md").write_text(
        "- Stock records live in `stock/<item>.json` (e.g. `stock/stapler.json`).\n", encoding="utf-8"
    )
    for item, stock, price in [("stapler", 7, 15.5), ("notebook", 40, 3), ("battery", 5, 2)]:
        record = {"item": item, "stock": stock, "unit_price": price, "currency": "USD"}
        (tmp_path / "stock" / f"{item}.json").write_text(json.dumps(record), encoding="utf-8")
    said = finals(tmp_path, "I need 10 notebooks, 3 staplers and 2 batteries. Enough? Total?")[0]
    assert "30 + 46.5 + 4 = 80.5 USD" in said, said


# ── 第十七轮学习者：买下“every”是全部库存；“多少支笔”的支是量词；“还有几盒红笔”；说了项目的版本；“drop the blue one”
# “蓝的不要了”；scripts 目录；CSV 有几行；笔记本（.ipynb）里的 import ────────────────────────────────────────
def test_buying_every_one_in_stock_does_not_repeat_the_last_quantity(inventory):
    said = finals(inventory, "do u have green pens? i need 2", "How much would it cost to buy every red pen you have?")
    assert "you need 2" not in said[1] and "2 × 12" not in said[1], said[1]


@pytest.mark.parametrize("question", ["一共有多少支笔库存？", "总共还有几盒笔？"])
def test_a_unit_after_how_many_is_not_the_start_of_an_item_name(question):
    assert all(not p.names for p in understand(question).parts)


@pytest.mark.parametrize(
    "question, orders",
    [("还有几盒红笔", "unsure"), ("红笔还有几盒", [("红笔", None)]), ("还剩多少盒红笔？", "unsure")],
)
def test_how_many_boxes_are_left_names_the_item_or_is_declined(question, orders):
    assert kinds(question) == [("inventory", orders)]  # 商品在后面的问法不是认得的说法：不查


@pytest.mark.parametrize(
    "question", ["统计一下 scripts 下每个 py 文件有多少行", "count the lines of each .py file in scripts/"]
)
def test_a_folder_named_scripts_is_a_folder(question):
    assert [p.folder for p in understand(question).parts] == ["scripts"]


def test_rows_of_a_csv_are_counted_not_taken_for_stock():
    assert [p.kind for p in understand("how many rows does data/rain.csv have?").parts] == ["count"]


def test_an_import_in_a_notebook_counts_as_used(workdir):
    (workdir / "requirements.txt").write_text("scipy==1.11.4\n", encoding="utf-8")
    (workdir / "nb.ipynb").write_text(
        '{"cells": [{"source": [\n    "from scipy import stats\\n",\n    "x = 1"]}]}\n', encoding="utf-8"
    )
    said = finals(workdir, "is scipy actually imported anywhere?")[0]
    assert "scipy is used" in said and "nb.ipynb" in said, said


def test_a_whole_stack_question_after_a_use_question_does_not_carry_the_library(project):
    said = finals(project, "is lodash used?", "帮我看看这个项目用了什么技术栈")
    assert "lodash" not in said[1] and "React 18.2" in said[1], said[1]


# ── 第十八轮学习者：“what does the test actually check”；几个依赖；“total?”；“need like 2”不沿用上一个数量；
# build-system；src 里的测试文件和说看了哪几处；“测试是用啥跑的”；libs；go.mod 是 Go 的；“少要一点，改成 1 盒”
# 只换这一种；“现在”“嗯嗯”“我想要 3 盒”不算没认出；“列一下当前目录的文件” ──────────────────────────────────
def test_what_the_test_actually_checks_is_said_to_be_not_read(project):
    text = finals(project, "Which test files exist?", "what does the test actually check?")[1]
    assert "did not read them" in text, text


def test_a_quantity_said_loosely_is_not_answered_not_replaced_by_the_last_one(inventory):
    said = finals(inventory, "我需要 3 盒红笔", "do u have any blue pens? need like 2")[1]  # 随口的说法：不答
    assert "3" not in said.split("\n")[0] and "×" not in said and "can't tell what kind of question" in said, said


def test_the_build_system_is_named(workdir):
    text = '[build-system]\nrequires = ["hatchling"]\n\n[project]\nname = "t"\ndependencies = ["click>=8.1"]\n'
    (workdir / "pyproject.toml").write_text(text, encoding="utf-8")
    assert "Hatchling" in finals(workdir, "is this built with setuptools or hatch?")[0]


def test_test_files_next_to_the_code_in_src_are_listed_and_the_places_looked_at_are_named(workdir):
    for path in ("src/server.ts", "src/validate.test.ts", "__tests__/books.test.ts"):
        (workdir / path).parent.mkdir(exist_ok=True)
        (workdir / path).write_text("x\n", encoding="utf-8")
    text = finals(workdir, "这个项目一共有几个测试文件？分别在哪儿")[0]
    assert "src/validate.test.ts" in text and "__tests__/books.test.ts" in text and "只看了" in text, text
    assert "没有认出" not in text, text


def test_what_the_tests_run_with_and_how_to_run_them(workdir):
    scripts = {"start": "node dist/server.js", "test": "jest"}
    (workdir / "package.json").write_text(
        json.dumps({"scripts": scripts, "devDependencies": {"jest": "^29"}}), encoding="utf-8"
    )
    text = finals(workdir, "那测试是用啥跑的？怎么跑")[0]
    assert "npm test" in text and "npm start" not in text, text


def test_libs_is_no_library_and_an_unread_manifest_names_its_language(workdir):
    (workdir / "go.mod").write_text("module x\n\nrequire github.com/spf13/cobra v1.8.0\n", encoding="utf-8")
    text = finals(workdir, "what language is this written in, and what libs does it depend on?")[0]
    assert "libs" not in text and "go.mod (Go)" in text, text


@pytest.mark.parametrize(
    "question",
    ["黑笔有货吗？我想要3盒", "库存文件刚刚改过了，那现在还够吗", "列一下当前目录的文件", "这个目录里现在有哪些文件？"],
)
def test_words_the_answer_covers_are_not_called_not_understood(question):
    ask = understand(question)
    assert ask.parts and not ask.unknown, ask.unknown


# ── 第十九轮学习者：“what about the tests?”接着“怎么运行”；闲话不当库名；“make it 3 red pens”只换红笔；“someone”
# 里的 one 不是数量；src/__tests__；“Usage:”下面的命令；“内容写”；“列一下” ───────────────────────────────────
def test_what_about_the_tests_after_how_to_run_it_says_how_to_run_them(project):
    said = finals(project, "where does the app start?", "and how do I run it?", "what about the tests?")[2]
    assert "To run the tests" in said, said


def test_filler_words_are_not_searched_as_libraries():
    ask = understand("hey, quick one - is react used in the code itself or just listed as a dependancy?")
    assert [p.names for p in ask.parts] == [["react"]]


def test_a_word_containing_one_is_no_quantity(inventory):
    said = finals(inventory, "I need 4 boxes of blue pens, is that ok?", "someone just restocked, read it again pls")[1]
    assert "you need 1" not in said and computed_nothing(said) and "can't tell what kind" in said, said  # 上一句没听懂


def test_test_folders_inside_src_are_listed(workdir):
    (workdir / "src" / "__tests__").mkdir(parents=True)
    (workdir / "src" / "main.tsx").write_text("x\n", encoding="utf-8")
    (workdir / "src" / "__tests__" / "App.test.tsx").write_text("x\n", encoding="utf-8")
    assert "src/__tests__/App.test.tsx" in finals(workdir, "ok which test files are there")[0]


def test_a_usage_line_that_is_no_heading_and_its_indented_commands_are_not_read(workdir):
    """“Usage:”这一行不是标题，下面缩进的命令不是 shell 代码块：不读，说没找到读得懂的写法。"""
    readme = "## photo scripts\n\nmy little scripts.\n\nUsage:\n\n    python make_thumbs.py ~/Pictures --size 256\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "make_thumbs.py").write_text("print(1)\n", encoding="utf-8")
    said = finals(workdir, "how do I run the thumbnail one")[0]
    assert "make_thumbs.py ~/Pictures" not in said and not_read(said), said


def test_content_after_nei_rong_xie_is_written(workdir):
    text = finals(workdir, "新建一个 add.py，内容写 print(1+2)，然后跑一下看输出", args=("--yes",))[0]
    assert (workdir / "add.py").read_text(encoding="utf-8").strip() == "print(1+2)" and "3" in text, text


def test_list_it_after_a_listing_question_is_not_called_not_understood():
    ask = understand("这个文件夹里都有啥文件，列一下")
    assert [p.kind for p in ask.parts] == ["ls"] and not ask.unknown


# ── 第二十轮学习者：“total now?”；“少要一盒”；括号里注的中文；dev 依赖；“use it from the terminal”；运行一个脚本；
# package.json 的 bin ───────────────────────────────────────────────────────────────────────────────


def test_one_box_fewer_is_declined_not_guessed():
    (part,) = understand("那蓝笔少要一盒呢？").parts  # 少要一盒：要几盒不猜，不查
    assert heard(part) == "unsure", part


def test_a_chinese_gloss_in_brackets_keeps_an_english_question_english(inventory):
    said = finals(inventory, "need 2 red pens, is there enuf?", "how about 10 pencils (铅笔)? price?")[1]
    assert declined(said) and "I won't guess a quantity" in said, said  # 没听懂，也用英文说


@pytest.mark.parametrize("question", ["dev 依赖有哪些", "运行 scripts/clean.py 看看输出"])
def test_questions_not_done_are_named_never_answered_as_another_kind(question):
    assert not understand(question).parts


def test_using_it_from_the_terminal_is_how_to_run_it():
    assert [p.kind for p in understand("How do I use it from the terminal?").parts] == ["entry"]


def test_a_package_bin_is_the_command_line_entry(workdir):
    package = {"name": "@kwan/mdlint", "main": "lib/index.js", "bin": {"mdlint": "./bin/mdlint.js"}}
    (workdir / "package.json").write_text(json.dumps(package), encoding="utf-8")
    for path in ("bin/mdlint.js", "lib/index.js"):
        (workdir / path).parent.mkdir(exist_ok=True)
        (workdir / path).write_text("x\n", encoding="utf-8")
    text = finals(workdir, "怎么运行这个命令行工具？")[0]
    assert "./bin/mdlint.js" in text and "`mdlint`" in text and "node lib/index.js" not in text, text


# ── 第二十一轮学习者：“write print('ok') in it”；“一起”不是商品；requirements/ 目录里的清单；“recipes 这个目录”；
# Django 的 tests.py；C 的 main.c ──────────────────────────────────────────────────────────────────
def test_in_it_after_the_content_is_not_written(workdir):
    finals(workdir, "make a file hi.py and write print('ok') in it, then run it", args=("--yes",))
    assert (workdir / "hi.py").read_text(encoding="utf-8").strip() == "print('ok')"


def test_together_is_no_item():
    assert all(o.item != "一起" for p in understand("两样一起买的话总共多少钱").parts for o in p.names)


def test_every_text_file_in_a_requirements_folder_is_a_manifest(workdir):
    (workdir / "requirements").mkdir()
    (workdir / "requirements" / "base.txt").write_text("Django==4.2.11\nPillow>=10.0\n", encoding="utf-8")
    text = finals(workdir, "requirements 文件夹里写了哪些依赖？")[0]
    assert "Django 4.2" in text and "没有依赖清单" not in text, text


def test_a_named_folder_before_zhe_ge_mu_lu_and_django_tests_py(workdir):
    (workdir / "recipes").mkdir()
    (workdir / "recipes" / "tests.py").write_text("x = 1\n", encoding="utf-8")
    assert "recipes/tests.py" in finals(workdir, "帮我看看 recipes 这个目录下有哪些测试文件")[0]


def test_main_c_is_a_usual_entry(workdir):
    (workdir / "src").mkdir()
    (workdir / "src" / "main.c").write_text("int main(void) { return 0; }\n", encoding="utf-8")
    assert "src/main.c" in finals(workdir, "whats the entry point of this thing?")[0]


def test_a_colour_alone_after_a_chinese_item_is_declined_not_guessed(inventory):
    said = finals(inventory, "我需要 3 盒红笔和 1 盒蓝笔，够吗？一共多少钱？", "what about 2 boxes of blue?")[1]
    assert declined(said) and "blue.json" not in said, said  # 只说了颜色：是哪种不猜


# ── 第二十二轮学习者：reStructuredText 的 README（指令的选项、code-block 里的命令）；清单里别的写法的那几行也说出来；
# “在 notebooks/ 里有几个”；“哪个 notebook 引入了它”；“怎么构建和测试” ─────────────────────────────────────
RST = """csvtool
=======

.. image:: https://img.shields.io/pypi/v/csvtool.svg
   :target: https://pypi.org/project/csvtool/
   :alt: PyPI

Command-line helpers for CSV files.

Usage
-----

.. code-block:: bash

   csvtool head data.csv -n 5

Tests
-----

.. code:: bash

   pytest tests/
"""


def test_a_rest_readme_gives_its_paragraph_and_the_commands_of_its_code_blocks(workdir):
    (workdir / "README.rst").write_text(RST, encoding="utf-8")
    about, run, tests = finals(workdir, "What does this project do?", "How do I run it?", "How do I run the tests?")
    assert "Command-line helpers for CSV files." in about and ":target:" not in about and ":alt:" not in about, about
    assert quoted(run, "csvtool head data.csv -n 5"), run
    assert quoted(tests, "pytest tests/"), tests


def test_lines_of_a_form_it_does_not_read_are_named_beside_the_declarations(workdir):
    (workdir / "setup.cfg").write_text("[options]\ninstall_requires =\n    click>=8.1\n", encoding="utf-8")
    (workdir / "main.py").write_text("import click\n", encoding="utf-8")
    text = finals(workdir, "Is click used?")[0]
    assert "main.py:1: import click" in text and "also appears in setup.cfg" in text, text


@pytest.mark.parametrize(
    "question, folder",
    [("How many notebooks are there in notebooks/?", "notebooks"), ("how many images are in the assets folder?",
     "assets"), ("notebooks/ 下有几个笔记本？", "notebooks")],
)  # fmt: skip
def test_how_many_things_in_a_named_folder_is_a_listing_not_stock(question, folder):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("ls", folder)]


@pytest.mark.parametrize("which", ["Which notebook imports it?", "which script uses it?", "which modules import it"])
def test_which_notebook_imports_it_asks_where_not_about_a_library_called_notebook(which):
    ask = understand(f"Is scikit-learn used? {which}")
    assert [(p.kind, p.names) for p in ask.parts] == [("use", ["scikit-learn"])] and not ask.unknown, ask


@pytest.mark.parametrize(
    "question, step",
    [("How do I build and test it?", "build"), ("how do I compile and run it?", "compile"),
     ("怎么编译和运行？", "编译"), ("怎么部署和启动这个服务", "部署")],
)  # fmt: skip
def test_a_step_besides_running_or_testing_is_named_as_not_done(question, step):
    ask = understand(question)  # 答了运行、测试的那一部分，或者整句说没认出：都说出了这一步
    assert step in " ".join(ask.unknown), ask


# ── 第二十三轮学习者：说了一笔钱（不是商品，也没有拿来比）；中文数量后面的英文商品名；“altogether”；改口；
# 已经要了的商品又说“加”；接着问“一共呢” ──────────────────────────────────────────────────────────
@pytest.mark.parametrize(
    "question",
    ["I have 50 CNY. Is that enough for 3 boxes of red pens?", "I have 20 yuan. Can I buy 3 boxes of red pens?",
     "我有 30 元，够买 3 盒红笔吗？", "with $40, is 3 boxes of red pens enough?"],
)  # fmt: skip
def test_money_beside_an_order_is_declined_not_compared(inventory, question):
    assert kinds(question) == [("inventory", "unsure")]  # 说了一笔钱：不当商品，也不拿来比，整句不查
    said = finals(inventory, question)[0]
    assert declined(said) and "cny.json" not in said, said


@pytest.mark.parametrize(
    "question",
    ["我需要 3 个 stapler 和 7 支铅笔", "我需要 10 支铅笔和 2 本 notebooks", "我要 3 盒 red pens，够吗？"],
)
def test_an_english_item_after_a_chinese_quantity_is_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]  # 中文数量后面的英文名：不猜是哪种


@pytest.mark.parametrize("word", ["altogether", "combined", "together", "overall"])
def test_a_word_for_all_together_after_an_order_is_declined_not_guessed(word):
    said = f"How much are 3 boxes of blue pens and 2 boxes of red pens {word}?"
    assert kinds(said) == [("inventory", "unsure")]  # 不是认得的说法：不查，也不把 together 当商品


@pytest.mark.parametrize("more, said", [("add 1 black pen too", []), ("黑笔再加 1 盒", ["unsure"])])
def test_adding_to_an_item_already_ordered_is_declined_not_replaced(more, said):
    first = in_context("I need 4 boxes of black pens. Enough?", None)
    ask = in_context(more, first)  # 没认出（说没做）或者没听懂（不查）：加了以后要几盒不猜
    assert [heard(p) for p in ask.parts] == said and (said or ask.unknown == [more]), ask


def test_and_together_after_a_stock_question_adds_the_stock(inventory):
    said = finals(inventory, "红笔还有多少？", "那红笔和蓝笔一共呢？")[1]
    assert "5 + 2 = 7" in said, said


# ── 第二十四、二十五轮学习者：只说文件名时是前面那个目录里的；接着问新的英文商品；颜色后面的名词；“怎么编译”；
# 装的名字和 import 的名字；“how do I use the cli”；“写了什么，多少行”；scripts.dev；“使用”一节里的命令 ─────────
@pytest.mark.parametrize(
    "first, then, path",
    [("recipes 目录下有哪些文件", "models.py 里写了啥", "recipes/models.py"),
     ("how many lines does src/main.rs have", "what about lib.rs?", "src/lib.rs"),
     ("pinyin_tools/core.py 里写了什么？", "那 cli.py 呢", "pinyin_tools/cli.py")],
)  # fmt: skip
def test_a_bare_file_name_after_a_folder_may_be_in_that_folder(first, then, path):
    ask = in_context(then, in_context(first, None))
    folder, name = path.rsplit("/", 1)
    assert [(p.names, p.near) for p in ask.parts] == [([name], folder)], ask


def test_a_bare_file_name_after_a_folder_in_the_same_question_may_be_in_that_folder():
    parts = understand("src/components 里有几个文件，TodoList.tsx 多少行").parts
    assert [(p.kind, p.names, p.near) for p in parts] == [("ls", [], ""), ("count", ["TodoList.tsx"], "src/components")]


@pytest.mark.parametrize(
    "files, questions, path",
    [(["src/main.rs", "src/lib.rs"], ["how many lines does src/main.rs have", "what about lib.rs?"], "src/lib.rs"),
     (["src/main.cpp", "CMakeLists.txt"], ["src/main.cpp 里写了什么", "CMakeLists.txt 呢"], "CMakeLists.txt"),
     (["layouts/a.html", "README.md"], ["what's in the layouts folder?", "What does README.md say?"], "README.md"),
     (["data/sales.csv", "app.py"], ["what does data/sales.csv say", "how many lines is app.py"], "app.py")],
)  # fmt: skip
def test_a_bare_file_name_is_found_where_it_is(workdir, files, questions, path):
    for name in files:
        (workdir / name).parent.mkdir(exist_ok=True)
        (workdir / name).write_text("x\n", encoding="utf-8")
    said = finals(workdir, *questions, args=("--yes",))[1]
    assert path in said and f"/{path}" not in said and "No such file" not in said, said


def test_a_new_english_item_with_a_loose_quantity_in_a_follow_up_is_declined_not_guessed():
    before = in_context("how many blue pens do we have?", None)
    (part,) = in_context("what about pencils, like 50 of them", before).parts  # “like 50 of them”：不猜数量
    assert heard(part) == "unsure", part


def test_a_colour_takes_no_noun_from_another_order():
    assert all(o.item != "红笔记本" for o in orders_in("and 2 boxes of red plus 1 notebook, total?"))


def test_how_to_compile_is_not_how_to_run():
    ask = understand("入口文件在哪？怎么编译")
    assert [(p.kind, p.asks) for p in ask.parts] == [("entry", set())] and "怎么编译" in ask.unknown, ask


def test_a_package_imported_by_another_name_is_found_by_its_import_name(workdir):
    (workdir / "requirements.txt").write_text("djangorestframework==3.15.1\n", encoding="utf-8")
    (workdir / "views.py").write_text("from rest_framework import viewsets\n", encoding="utf-8")
    said = finals(workdir, "这个项目用了 djangorestframework 吗")[0]
    assert "views.py:1: from rest_framework import viewsets" in said and "没有引入" not in said, said


def test_how_do_i_use_the_cli_is_how_to_run_it_not_a_library():
    ask = understand("what's the entry point? how do i use the cli")
    assert [(p.kind, p.asks) for p in ask.parts] == [("entry", {"how"})], ask


def test_what_a_named_file_says_and_its_lines():
    parts = understand("src/lib.rs 写了什么，多少行").parts
    assert [(p.kind, p.names) for p in parts] == [("file", ["src/lib.rs"]), ("count", ["src/lib.rs"])], parts


def test_a_dev_script_is_named_beside_start_and_a_usage_block_gives_the_command(workdir):
    scripts = {"dev": "next dev", "start": "next start"}
    (workdir / "package.json").write_text(json.dumps({"scripts": scripts}), encoding="utf-8")
    assert "`npm run dev`" in finals(workdir, "怎么运行起来？")[0]
    (workdir / "package.json").unlink()
    (workdir / "README.md").write_text("# tools\n\nA tool.\n\n## 使用\n\n```\npyabbr 张伟\n```\n", encoding="utf-8")
    assert quoted(finals(workdir, "how do I use the cli?")[0], "pyabbr 张伟")


@pytest.mark.parametrize(
    "question",
    ["项目里用到 axios 了吗？在哪儿用的？", "packages 文件夹里有什么？一共几个包？",
     "Is zod used, and in which packages?", "How many blue pens are in stock, and what's the price of each?",
     "how do I start the server? whats the entry point",
     # “command-line”先被当成 command、剩下 line
     "What is the command-line entry point of this package?", "What's the command line entry point?",
     "How do I run it from the command-line?", "How do I start it from the command line?",
     "how do I run the tests from the command-line?", "Where's the command-line tool's entry point?",
     "命令行入口在哪？"],
)  # fmt: skip
def test_a_part_the_answer_covers_is_not_called_not_recognised(question):
    ask = understand(question)
    assert ask.parts and not ask.unknown, ask


def test_what_ci_is_no_search_for_the_letters_ci():
    assert not understand("what CI does it use?").parts


@pytest.mark.parametrize("first, then", [("我需要 5 盒红笔", "蓝笔也要，1 盒")])
def test_a_bare_quantity_beside_a_new_item_is_declined_not_guessed(first, then):
    ask = in_context(then, in_context(first, None))  # “蓝笔也要”没听懂：不猜 1 盒是谁的，什么也不查
    assert [heard(p) for p in ask.parts] == ["unsure"], ask


# ── 第二十六、二十七轮学习者：装好以后的命令旁边说 README 写的；“还要”不是“连同上一个问题的”；“one box cost”是单价；
# “本地预览”一节、hatch run test、./build/… 和 main.cpp；测试文件各有几行 ─────────────────────────────
def test_an_installed_command_is_how_to_run_and_a_readme_sentence_is_not_read(workdir):
    """装好以后的命令照样说；README 正文里一句话中的命令不读，不当成运行它的写法。"""
    text = '[project]\nname = "weather"\n[project.scripts]\nweather = "weather.cli:main"\n'
    (workdir / "pyproject.toml").write_text(text, encoding="utf-8")
    (workdir / "README.md").write_text(
        "# Weather\n\nA tool.\n\nRun it with `python -m weather Berlin`.\n", encoding="utf-8"
    )
    said = finals(workdir, "How do I run it?")[0]
    assert "run `weather`" in said and "python -m weather Berlin" not in said, said


def test_items_said_again_with_a_clause_not_understood_are_declined_not_carried():
    first = in_context("我需要 3 盒红笔。库存够吗？", None)
    part = in_context("我需要 3 盒红笔和 2 盒蓝笔，还要 1 盒黑笔。够吗？一共多少钱？", first).parts[0]
    assert heard(part) == "unsure" and part.carried == "", part  # “还要 1 盒黑笔”没听懂：整个订单不查


@pytest.mark.parametrize("question", ["how many red pens are in stock, and what does one box cost?",
                                      "what does a pen cost?"])  # fmt: skip
def test_what_one_box_costs_is_the_unit_price_not_an_order_of_one(question):
    assert all(o.quantity is None for p in understand(question).parts for o in p.names)


@pytest.mark.parametrize(
    "readme, files, question, command, read",
    [("# blog\n\nA blog.\n\n## 本地预览\n\n```bash\ngit submodule update --init\nhugo server -D\n```\n", [],
      "How do I run it locally?", "hugo server -D", False),
     ("# u\n\nA lib.\n\n## Development\n\n```\nhatch run test   # run the test suite\n```\n", [],
      "怎么跑测试", "hatch run test", False),
     ("# m\n\nA tool.\n\n## 运行\n\n```\n./build/matrix_cli a.txt\n```\n", ["src/main.cpp"],
      "how do i run it?", "./build/matrix_cli a.txt", True)],
)  # fmt: skip
def test_only_the_code_block_of_a_run_heading_is_quoted_and_other_headings_are_not_read(
    workdir, readme, files, question, command, read
):
    """“## 运行”的代码块照原样说出来；“本地预览”“Development”不是运行、测试的标题：不读，说没找到读得懂的写法。"""
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    for name in files:
        (workdir / name).parent.mkdir(exist_ok=True)
        (workdir / name).write_text("int main() {}\n", encoding="utf-8")
    said = finals(workdir, question)[0]
    assert (command in said) == read and not_read(said) != read and ("src/main.cpp" in said or not files), said


@pytest.mark.parametrize(
    "question", ["帮我看看 tests 目录下有哪些测试文件，再告诉我每个文件有多少行", "一共几个测试文件？各有几行？"]
)
def test_each_test_files_lines_are_the_listed_test_files(project, question):
    said = finals(project, question, args=("--yes",))[0]
    assert "wc -l tests/test_index.js" in said and ".py" not in said, said


@pytest.mark.parametrize(
    "question, expected",
    [("红笔还有多少？单价多少？蓝笔呢？", [("红笔", None), ("蓝笔", None)]),
     ("我需要 3 盒红笔，够吗？蓝笔呢？", [("红笔", 3), ("蓝笔", None)])],
)  # fmt: skip
def test_another_item_with_ne_in_the_same_question_is_asked_too(question, expected):
    assert [(o.item, o.quantity) for p in understand(question).parts for o in p.names] == expected


# ── 第三十二轮：README 里没有反引号、不在讲运行的一节的运行命令（现在不读了）；改口只说一个数 ─────────────────────────
@pytest.mark.parametrize(
    "readme, question, line",
    [("# Tiny\n\nGreets.\n\n## Notes\n\nRun python app.py to start the server.\n", "How do I run it?",
      "Run python app.py to start the server"),
     ("# Tiny\n\nGreets.\n\n## Example\n\n```\npython app.py --name Bob\n```\n", "怎么运行",
      "python app.py --name Bob"),
     ("# 小工具\n\n打招呼。\n\n用 python app.py 启动它。\n", "怎么运行这个项目", "用 python app.py 启动它")],
)  # fmt: skip
def test_a_readme_run_line_outside_a_run_sections_code_block_is_not_read_and_the_run_is_a_guess(
    workdir, readme, question, line
):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "app.py").write_text('print("hi")\n', encoding="utf-8")
    said = finals(workdir, question)[0]  # 正文里的一句、“Example”一节的代码块都不读：按文件类型猜，说没找到读得懂的写法
    assert line not in said and "`python app.py`" in said and not_read(said), said


@pytest.mark.parametrize("heading", ["Scripts", "Commands", "常用命令"])
def test_a_scripts_or_commands_section_is_no_run_section_and_the_run_is_a_guess(workdir, heading):
    (workdir / "README.md").write_text(f"# Web\n\nA site.\n\n## {heading}\n\n```\nmake serve\n```\n", encoding="utf-8")
    (workdir / "index.js").write_text("console.log(1)\n", encoding="utf-8")
    said = finals(workdir, "How do I start it?")[0]  # 标题不是“运行”“Usage”这样的：代码块不读
    assert "make serve" not in said and "`node index.js`" in said and not_read(said), said


# ── 第三十二、三十三轮学习者和第十九轮攻击：语言名和库名、照字搜；可选依赖；引用块的介绍；
# README 里别处写的运行命令不读；
# “有几个文件用到”；问建议、问为什么；问一个文件用没用到；“它是做什么的”说的是那个文件 ─────────────────────────────
@pytest.mark.parametrize(
    "question, expected",
    [("搜索一下笔记里有没有提到 Rust", [("use", ["Rust"])]),
     ("Search the notes for Rust", [("use", ["Rust"])]),
     ("Is Python mentioned anywhere in these notes?", [("use", ["Python"])]),
     ("Python 代码里用到 requests 了吗？", [("use", ["requests"])]),
     ("Does the TypeScript code use zod?", [("use", ["zod"])]),
     ("Is Python used?", [("stack", [])]),
     ("How many files use lodash?", [("use", ["lodash"])]),
     ("有几个文件用到了 lodash？", [("use", ["lodash"])]),
     ("src 里有几个文件？", [("ls", [])]),
     ("这个项目有哪些可选依赖（extras）？", [("stack", [])]),
     ("What are the optional dependencies?", [("stack", [])])],
)  # fmt: skip
def test_what_a_use_question_searches_for(question, expected):
    ask = understand(question)
    assert (
        kinds(question) == expected and not ask.unknown and all(p.folder == "." for p in ask.parts if p.kind == "use")
    )


@pytest.mark.parametrize(
    "question",
    ["Should I use lodash or ramda?", "Is lodash the latest version?", "Why is lodash used?",
     "Which version of React should I upgrade to?", "为什么用 lodash？", "应该用 lodash 还是 ramda？"],
)  # fmt: skip
def test_advice_and_why_are_named_as_not_done(question):
    ask = understand(question)
    assert not ask.parts and ask.unknown, ask


@pytest.mark.parametrize(
    "question, scope",
    [("Does src/index.js use lodash?", "src/index.js"), ("README 里有没有提到 lodash？", "README.md"),
     ("Does README.rst mention lodash?", "README.rst"), ("Is lodash used?", ".")],
)  # fmt: skip
def test_a_use_question_about_one_file_searches_only_that_file(question, scope):
    assert [(p.names, p.folder) for p in understand(question).parts] == [(["lodash"], scope)]


def test_extras_and_markers_are_said_with_each_dependency(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "s"\ndependencies = ["Django>=4.2"]\n\n[project.optional-dependencies]\n'
        'dev = ["pytest>=7.4"]\nfast = ["polars>=0.20; python_version >= \'3.10\'"]\n',
        encoding="utf-8",
    )
    zh, en = finals(workdir, "这个项目用了什么技术栈？", "What tech stack does this project use?")
    assert "pytest >=7.4（可选依赖：dev）" in zh and "python_version >= '3.10'（可选依赖：fast）" in zh, zh
    assert "pytest >=7.4 (optional: dev)" in en and "Django >=4.2 (Python)" in en and "Django >=4.2 (opt" not in en


@pytest.mark.parametrize("quote", ["> Count words in Markdown files.", ">Count words in Markdown files."])
def test_a_readme_that_opens_with_a_blockquote_is_described_by_it(workdir, quote):
    (workdir / "README.md").write_text(f"# md-stats\n\n{quote}\n\n## Install\n\n`npm i md-stats`\n", encoding="utf-8")
    said = finals(workdir, "What does this project do?")[0]
    assert "Count words in Markdown files." in said, said


@pytest.mark.parametrize(
    "readme, files, line",
    [("# go-api\n\nA JSON API.\n\nRun it with `go run ./cmd/server` (listens on :8080). Tests: `go test ./...`.\n",
      {"go.mod": "module x\n", "cmd/server/main.go": "package main\n"}, "go run ./cmd/server"),
     ("# Notes\n\nA web app.\n\n## 安装与部署\n\n```bash\npip install -r requirements.txt\n"
      "flask --app app run --port 8000\n```\n", {"app.py": "app = 1\n"}, "flask --app app run --port 8000")],
)  # fmt: skip
def test_a_run_command_outside_a_run_sections_code_block_is_not_read(workdir, readme, files, line):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    for name, text in files.items():
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        (workdir / name).write_text(text, encoding="utf-8")
    for said in finals(workdir, "How do I run it?", "怎么运行这个项目？"):  # 正文的反引号、“安装与部署”一节：都不读
        assert line not in said and not_read(said), said


def test_what_it_does_after_a_file_is_about_that_file(workdir):
    (workdir / "src").mkdir()
    (workdir / "src" / "util.js").write_text("module.exports = (a) => a + 1;\n", encoding="utf-8")
    (workdir / "README.md").write_text("# r3\n\nA tiny demo.\n", encoding="utf-8")
    one = finals(workdir, "Open src/util.js. What does it do?")[0]
    first, then = finals(workdir, "What does src/util.js say?", "它是干什么的？")
    for said in (one, then):
        assert "module.exports" in said and "A tiny demo" not in said, said


# ── 第三十二、三十三轮学习者和第十九轮攻击（二）：import 的名字和包名；清单里提到不等于声明；构建要的包；
# dev-requirements.txt；语言切换的一行；说一个数不是要的数量；“黑笔呢？要 3 盒”；英文只说一种商品 ─────────────────
def test_a_package_imported_under_its_snake_case_name_is_used_and_other_names_are_not_denied(workdir):
    (workdir / "requirements.txt").write_text("flask-cors==4.0.0\npyserial==3.5\n", encoding="utf-8")
    (workdir / "app.py").write_text("from flask_cors import CORS\nimport serial\n", encoding="utf-8")
    cors, serial = finals(workdir, "Is flask-cors used?", "Is pyserial used?")
    assert "Yes, flask-cors is used" in cors and "app.py:1" in cors, cors
    assert "import name may differ" in serial and "for pyserial" in serial, serial


def test_a_manifest_line_that_only_mentions_a_library_is_no_declaration(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "t"\ndescription = "A web app built with Flask and SQLAlchemy"\n'
        'dependencies = ["SQLAlchemy==2.0.29"]\n',
        encoding="utf-8",
    )
    (workdir / "models.py").write_text("from sqlalchemy import create_engine\n", encoding="utf-8")
    said = finals(workdir, "项目里有没有用到 SQLAlchemy？")[0]
    assert "2 处依赖声明或引入" in said and "description" not in said.split("它还出现在")[0], said


def test_build_requirements_are_build_tools_and_not_counted(workdir):
    (workdir / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=64", "setuptools_scm>=8", "maturin"]\n\n'
        '[project]\nname = "x"\ndependencies = ["httpx>=0.27"]\n',
        encoding="utf-8",
    )
    said = finals(workdir, "这个项目用了哪些依赖？")[0]
    assert "其他依赖：httpx >=0.27" in said and "构建工具：setuptools >=64、setuptools_scm >=8、maturin" in said, said


@pytest.mark.parametrize(
    "question, clause",
    [("这个项目的版本号是多少？", "这个项目的版本号是多少"), ("项目的版本是什么？", "项目的版本是什么"),
     ("这个项目是哪个版本", "这个项目是哪个版本"), ("what's the project version?", "what's the project version"),
     ("What does it depend on, and what version is it at?", "what version is it at"),
     ("这个项目有几个依赖？", "这个项目有几个依赖"), ("how many dependencies does it have?", "how many dependencies"),
     ("count the dependencies", "count the dependencies"), ("How many third-party libraries are there?", "third-party"),
     ("How many direct dependencies does this project have?", "How many direct"), ("有多少个包？", "有多少个包"),
     ("这个仓库的版本号？", "这个仓库的版本号"), ("这个包是什么版本？", "这个包是什么版本"),
     ("该包的版本是多少？", "该包的版本"), ("这个 npm 包现在是什么版本？", "npm 包"),
     ("What's the current package version?", "current package version"), ("用了几种框架？", "几种框架"),
     ("What is this project's own version?", "project's own version"),
     ("技术栈里有多少个框架？", "多少个框架")],
)  # fmt: skip
def test_the_projects_own_version_and_a_dependency_count_are_named_as_not_done(workdir, question, clause):
    """技术栈的回答列出依赖：不数个数、不找项目自己的版本号，照原话说没做，不给一个数。"""
    (workdir / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (workdir / "frontend").mkdir()
    said = finals(workdir, question)[0]
    assert clause in said and re.search("没有认出|认不出|did not recognise|can't tell what kind", said), said
    assert "0.3.1" not in said and "一共" not in said and "in all" not in said, said


@pytest.mark.parametrize(
    "question",
    ["依赖包的版本都是多少？", "这些包的版本是多少？", "各个包是什么版本？", "Show me each package's version",
     "What is the package version of express?", "这个项目用了什么技术栈？各个依赖是什么版本？"],
)  # fmt: skip
def test_the_versions_of_the_packages_are_the_stack_answer_with_no_note(workdir, question):
    (workdir / "package.json").write_text('{"dependencies": {"express": "^4.19.2"}}', encoding="utf-8")
    said = finals(workdir, question)[0]
    assert "^4.19.2" in said or "4.19" in said, said
    assert "没有认出" not in said and "did not recognise" not in said and "我没有找它" not in said, said
    assert "did not look for it" not in said, said


@pytest.mark.parametrize("question", ["What's srv's version?", "srv 的版本号？", "What is the current version?"])
def test_a_version_asked_of_the_project_by_name_is_not_said_missing_from_the_manifests(workdir, question):
    """问的是项目自己（package.json 的 name）：它不在依赖里，这句话要说“依赖里没看到”，并说项目自己的版本号没找。"""
    (workdir / "package.json").write_text('{"name": "srv", "version": "1.0.0", "dependencies": {}}', encoding="utf-8")
    said = finals(workdir, question)[0]
    assert "I did not see it in the manifests" not in said and "依赖清单（package.json）里我没看到" not in said, said
    assert "did not look for it" in said or "我没有找它" in said, said
    assert "current:" not in said and "1.0.0" not in said, said


@pytest.mark.parametrize(
    "files, question, said",
    [({"requirements.txt": "flask\n"}, "用了什么测试框架？", "依赖清单（requirements.txt）里没有我认得的测试框架"),
     ({"requirements.txt": "flask\n"}, "What test framework does it use?", "Test framework: none that I recognise"),
     ({"package.json": '{"devDependencies": {"prettier": "^3"}}', "src/app.py": "print(1)\n"},
      "Does this project use Python?", "goes by the kinds of manifests")],
)  # fmt: skip
def test_a_test_framework_not_declared_or_a_language_asked_for_gets_its_note(workdir, files, question, said):
    """没有测试框架也说；语言那一行看的是清单的种类，不是源文件。"""
    write_code(workdir, files)
    assert said in finals(workdir, question)[0]


@pytest.mark.parametrize(
    "question",
    ["版本是多少", "What's the version?", "What versions?", "What's the package version?", "这个库是什么版本？"],
)
def test_a_bare_version_question_says_the_projects_own_was_not_looked_for(workdir, question):
    manifest = '{"version": 2, "engines": {"node": 18}, "dependencies": {"a": null}}'
    (workdir / "package.json").write_text(manifest, encoding="utf-8")
    said = finals(workdir, question)[0]
    assert "项目自己的版本号：我没有找它" in said or "project's own version number: I did not look" in said, said
    assert "18" in said and "None" not in said, said


def test_url_vcs_and_path_requirements_are_all_listed(workdir):
    lines = "flask==2.3\nrequests\ngit+https://github.com/psf/black#egg=black\nmylib @ https://x.org/m.whl\n"
    (workdir / "requirements.txt").write_text(lines, encoding="utf-8")
    said = finals(workdir, "What dependencies does it use?")[0]
    assert all(name in said for name in ("Flask 2.3", "requests", "black", "mylib")), said


@pytest.mark.parametrize("name", ["dev-requirements.txt", "test_requirements.txt"])
def test_requirements_files_named_the_other_way_round_are_read(workdir, name):
    (workdir / "requirements.txt").write_text("requests==2.31.0\n", encoding="utf-8")
    (workdir / name).write_text("pytest==8.0.0\n", encoding="utf-8")
    said = finals(workdir, "What dependencies are there, and which test framework?")[0]
    assert "requests 2.31.0" in said and "Testing: pytest 8.0.0" in said and name in said, said


@pytest.mark.parametrize("switch", ["English | [简体中文](README.zh-CN.md)", "[English](README.md) · 日本語"])
def test_a_language_switch_line_is_not_the_description(workdir, switch):
    (workdir / "README.md").write_text(f"# Hub\n\n{switch}\n\nA small sensor server.\n", encoding="utf-8")
    assert "A small sensor server." in finals(workdir, "What does this project do?")[0]


def test_a_number_stated_is_not_an_item_ordered():
    question = "日志里工具读取成功，但模型调用数只有 1，页面显示预算耗尽。这是“模型算不出价格”吗？"
    ask = understand(question)
    assert all(not p.names for p in ask.parts) and "但模型调用数只有 1" in ask.unknown, ask


@pytest.mark.parametrize("question", ["黑笔呢？要 3 盒", "那黑笔呢？要 3 盒"])
def test_an_item_with_ne_then_a_quantity_is_that_item(question):
    first = in_context("我需要 3 盒红笔。库存够吗？如果够，一共多少钱？", None)
    ask = in_context(question, first)
    assert [(o.item, o.quantity) for p in ask.parts for o in p.names] == [("黑笔", 3)] and not ask.unknown, ask


@pytest.mark.parametrize("question, item", [("What about tape?", "tape"), ("and the staplers?", "stapler")])
def test_an_english_follow_up_that_names_only_an_item_asks_about_it(question, item):
    first = in_context("I need 2 tapes. Enough in stock? Total?", None)
    ask = in_context(question, first)
    assert [o.item for p in ask.parts for o in p.names] == [item] and not ask.unknown, ask


# ── 第三十二、三十三轮学习者和第十九轮攻击（三）：装好的命令的入口不是“项目的入口”；只在顶层看的要说；
# “用了几个”；没有扩展名的文件；前面贴的记录；AGENTS.md 里说过期的路径 ─────────────────────────────
def test_an_installed_command_is_the_entry_of_that_command_and_usual_entry_files_are_named(workdir):
    (workdir / "pyproject.toml").write_text(
        '[project]\nname = "shop"\n[project.scripts]\nshopctl = "shop.cli:main"\n', encoding="utf-8"
    )
    (workdir / "manage.py").write_text("import os\n", encoding="utf-8")
    said = finals(workdir, "What is the entry point?")[0]
    assert "the command `shopctl` runs `shop.cli:main`" in said and "manage.py" in said, said
    assert "The entry point is `shop.cli:main`" not in said


@pytest.mark.parametrize(
    "question, note",
    [("backend 目录的入口文件是什么？", "没有专门看 backend"),
     ("What is the entry point of the backend folder?", "not at backend in particular"),
     ("Which git branch is the backend folder on?", "not inside backend"),
     ("How do I run it in Docker?", "“Docker”: I could not tell which folder that is")],
)  # fmt: skip
def test_what_is_looked_for_only_at_the_top_says_so_when_a_folder_is_named(workdir, question, note):
    (workdir / "backend").mkdir()
    (workdir / "backend" / "server.js").write_text("1\n", encoding="utf-8")
    (workdir / "index.js").write_text("1\n", encoding="utf-8")
    said = finals(workdir, question, args=("--yes",))[0]
    assert note in said, said


def test_src_is_where_the_entry_is_looked_for_anyway(project):
    assert "没有专门看" not in finals(project, "src 里的入口文件是哪个？")[0]


@pytest.mark.parametrize(
    "question, said",
    [("gunicorn 用了几个 worker？", [("use", ["gunicorn", "worker"])]),
     ("how many workers does gunicorn start?", [("inventory", "unsure")])],
)  # fmt: skip
def test_how_many_of_something_in_a_use_question_is_named_as_not_done(question, said):
    ask = in_context(question, None)  # 说没认出那一句，或者没听懂、什么也不查
    assert kinds(question) == said and (ask.unknown or said == [("inventory", "unsure")]), ask


@pytest.mark.parametrize(
    "question, name, note",
    [("Dockerfile 里用的是哪个 Python 版本？", "Dockerfile", "我不从里面挑出来回答"),
     ("Makefile 里写了什么？", "Makefile", ""), ("What does .nvmrc say?", ".nvmrc", "")],
)  # fmt: skip
def test_files_without_an_extension_are_read(workdir, question, name, note):
    (workdir / "requirements.txt").write_text("fastapi==0.110.0\n", encoding="utf-8")
    (workdir / name).write_text("FROM python:3.12-slim\n", encoding="utf-8")
    said = finals(workdir, question)[0]
    assert "FROM python:3.12-slim" in said and note in said and "FastAPI" not in said, said


def test_a_record_pasted_earlier_is_used_in_a_follow_up_until_a_reread(inventory):
    record = '{"item":"红笔","stock":50,"unit_price":3,"currency":"CNY"}'
    first, then, again = finals(
        inventory, f"最新记录是 {record}，我要 30 盒红笔，够吗？", "那 40 盒呢？", "重新读一下，40 盒红笔够吗"
    )
    assert "库存 50" in first and "库存 50，你需要 40 盒" in then and "贴在问题里" in then, then
    assert "只有 5" in again and "没有用上" not in then, again


def test_a_stock_path_the_rules_call_outdated_is_not_used(inventory):
    (inventory / "archive").mkdir()
    (inventory / "archive" / "红笔.json").write_text('{"item":"红笔","stock":100,"unit_price":9}', encoding="utf-8")
    rules = (inventory / "AGENTS.md").read_text(encoding="utf-8")
    old = "- 2023 年的旧数据在 `archive/<商品>.json`，已经过期，不要用。\n"
    (inventory / "AGENTS.md").write_text(old + rules, encoding="utf-8")
    said = finals(inventory, "我需要 10 盒红笔，够吗？")[0]
    assert "只有 5" in said and "archive" not in said, said


# ── 第三十五轮学习者：说到清单不是只搜清单；英文只说了一种商品、没说数量；“几个 shell 脚本”“how many images” ──
def test_a_manifest_named_in_a_use_question_does_not_narrow_the_search():
    question = "is express actually imported in the code or just listed in package.json?"
    assert [(p.names, p.folder) for p in understand(question).parts] == [(["express"], ".")]


@pytest.mark.parametrize(
    "question, said",
    [("thx! and how much is a stapler?", [("stapler", None)]), ("how many staplers are in stock?", [("stapler", None)]),
     ("stapler stock?", "unsure"), ("what's the price of tape?", [("tape", None)]),
     ("how much does a stapler cost?", [("stapler", None)])],
)  # fmt: skip
def test_an_english_item_asked_without_a_quantity_is_that_item_not_the_last_one(question, said):
    first = in_context("I need 2 boxes of blue pens. Enough in stock?", None)
    ask = in_context(question, first)  # 没听懂（unsure）、没认出的说法（None）也不沿用蓝笔
    assert [heard(p) for p in ask.parts] == ([said] if said else []) and not any(p.carried for p in ask.parts), ask


@pytest.mark.parametrize(
    "question, said",
    [
        ("how many are in stock?", [[("蓝笔", None)]]),
        ("how much is it?", [[("蓝笔", 2)]]),
        ("how much are they?", [[("蓝笔", 2)]]),
        ("how much are the blue ones?", []),
    ],
)
def test_a_pronoun_still_means_the_last_item_or_is_declined(question, said):
    first = in_context("I need 2 boxes of blue pens. Enough in stock?", None)  # 没听懂的说法不查，不猜商品
    ask = in_context(question, first)  # “how much are they”：认不出，照原话说
    assert [heard(p) for p in ask.parts] == said and ask.unknown == ([] if said else [question.rstrip("?")])


@pytest.mark.parametrize(
    "question, ext, named",
    [("how many shell scripts are in scripts/?", "sh", False), ("scripts 目录里有几个 shell 脚本？", "sh", False),
     ("how many markdown files are in docs?", "md", False), ("how many images are in assets/?", "", True),
     ("tests 文件夹里有几个测试文件，分别叫什么", "", False)],
)  # fmt: skip
def test_a_kind_of_file_to_count_is_counted_or_named_as_not_done(question, ext, named):
    ask = understand(question)
    assert [p.ext for p in ask.parts] == [ext] and bool(ask.unknown) == named, ask


# ── 第三十四轮学习者：.nvmrc 这样写着版本的文件要说出来；“三样”不是商品；几个文件引入了它；数 Markdown 文件 ──────────
def test_a_version_file_in_the_folder_is_named_when_the_manifests_name_no_version(workdir):
    (workdir / ".nvmrc").write_text("20.11.0\n", encoding="utf-8")
    (workdir / "package.json").write_text(
        '{"name": "d", "devDependencies": {"typescript": "^5.3.3"}}', encoding="utf-8"
    )
    said = finals(workdir, "Which Node version does this repo expect?")[0]
    assert ".nvmrc is in the folder" in said, said


@pytest.mark.parametrize("question", ["再加 4 盒黑笔，三样一共多少钱？", "两种一共多少钱？"])
def test_a_count_of_kinds_is_no_item(question):
    assert all("样" not in o.item and "种" not in o.item for o in orders_in(question))


@pytest.mark.parametrize(
    "question, said",
    [("How many files import flask?", "Files that import it (manifests not counted): 2: app.py, views.py."),
     ("有几个文件 import 了 flask？", "引入它的文件（依赖清单不算）：2 个：app.py、views.py。")],
)  # fmt: skip
def test_how_many_files_import_a_library_counts_the_code_files(workdir, question, said):
    (workdir / "requirements.txt").write_text("Flask==3.0.0\n", encoding="utf-8")
    (workdir / "app.py").write_text("from flask import Flask\n", encoding="utf-8")
    (workdir / "views.py").write_text("from flask import jsonify\n", encoding="utf-8")
    assert said in finals(workdir, question)[0]


@pytest.mark.parametrize("question", ["Count the lines of every markdown file under meetings",
                                      "帮我统计 meetings 下每个 Markdown 文件的行数"])  # fmt: skip
def test_markdown_files_are_the_md_files(question):
    assert [p.ext for p in understand(question).parts] == ["md"]


# ── 第二十轮攻击：README 里别的事的命令不是启动命令；过期的目录按它说的那个；贴的记录只接着上一个问题；没认出的目录；
# 出现在几个文件里；Dockerfile 里用没用到；必需的依赖不被可选的、构建用的盖住；提示块；改口换了商品；刚加了的要重搜
@pytest.mark.parametrize(
    "readme",
    ["# x\n\nA tool.\n\n## 常见问题\n\n缓存坏了的话，执行 `python scripts/wipe_cache.py --all` 清空所有缓存。\n",
     "# n\n\nNotes.\n\n## Resetting\n\nTo wipe every note, run `python reset_db.py --yes`.\n",
     "# x\n\nA tool.\n\n## Cleaning up\n\nWhen you are done, `docker compose down -v` removes the containers.\n\n"
     "- `node >= 18`\n"],
)  # fmt: skip
def test_a_command_for_another_task_is_not_how_to_start_the_project(workdir, readme):
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    (workdir / "main.py").write_text("print(1)\n", encoding="utf-8")
    said = finals(workdir, "怎么运行这个项目？")[0]
    assert "python main.py" in said and not any(c in said for c in ("wipe_cache", "reset_db", "down -v", ">= 18")), said


@pytest.mark.parametrize(
    "rules, folder",
    [("- 库存数据在 `stock/<商品>.json`：每种商品一个文件。\n"
      "- 注意：上面那个 stock/ 目录已经废弃，现在以 `warehouse/<商品>.json` 为准。\n",
      "warehouse/"),
     ("- 库存数据在 `stock/<商品>.json`，不要用旧的 backup/ 目录。\n", "stock/"),
     ("Stock lives in `stock/<item>.json` (the old `legacy/` folder is outdated, do not use it).\n", "stock/"),
     ("- 2023 年的旧数据在 `archive/<商品>.json`，已经过期，不要用。\n- 库存数据在 `stock/<商品>.json`。\n", "stock/")],
)  # fmt: skip
def test_the_stock_folder_is_the_one_the_rules_do_not_call_outdated(rules, folder):
    assert stock_path(rules)[0] == folder


def test_a_record_pasted_before_a_reread_is_not_used_after_it(inventory):
    record = '{"item":"红笔","stock":100,"unit_price":12,"currency":"CNY"}'
    said = finals(inventory, f"红笔库存够 3 盒吗？{record}", "重新读一下库存文件，红笔够 3 盒吗？", "那 6 盒呢？")
    assert "100 ≥ 3" in said[0] and "你贴在问题里的数据" in said[0], said  # 贴的记录是用户给的数据
    assert declined(said[1]), said  # 没听懂的说法：不查，贴的记录也不用
    assert "100" not in said[2] and "×" not in said[2] and "≥" not in said[2], said


@pytest.mark.parametrize(
    "question, files",
    [("lodash 出现在几个文件里？", True), ("How many files is lodash imported in?", True),
     ("express 用在了多少个文件里？", True), ("Does the Dockerfile use flask?", False)],
)  # fmt: skip
def test_where_a_library_is_used_in_how_many_files_or_in_one_file(question, files):
    part = understand(question).parts[0]
    assert part.kind == "use" and ("files" in part.asks) == files and (files or part.folder == "Dockerfile"), part


@pytest.mark.parametrize(
    "pyproject, said, not_said",
    [('[build-system]\nrequires = ["setuptools>=64", "numpy>=2.0"]\n'
      '[project]\nname = "f"\ndependencies = ["numpy", "scipy"]\n',
      "numpy、scipy", "numpy >=2.0"),
     ('[project]\nname = "h"\ndependencies = ["httpx", "rich"]\n'
      '[project.optional-dependencies]\nhttp2 = ["httpx[http2]>=0.27"]\n',
      "其他依赖：httpx、rich", "httpx >=0.27（可选")],
)  # fmt: skip
def test_a_required_dependency_is_not_hidden_by_a_build_or_optional_one(workdir, pyproject, said, not_said):
    (workdir / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    text = finals(workdir, "这个项目用了什么技术栈？")[0]
    assert said in text and not_said not in text, text


def test_a_github_alert_is_not_the_description(workdir):
    readme = "# fooapp\n\n> [!WARNING]\n> This repository is archived.\n\nFooApp converts CSV files to JSON.\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    said = finals(workdir, "What does this project do?")[0]
    assert "FooApp converts CSV files to JSON." in said and "archived" not in said, said


@pytest.mark.parametrize("question", ["what about next week?", "what about delivery?", "what about tomorrow?"])
def test_a_follow_up_about_time_or_delivery_is_no_item(question):
    first = in_context("I need 3 boxes of red pens. Enough in stock?", None)
    ask = in_context(question, first)
    assert not ask.parts and ask.unknown, ask


@pytest.mark.parametrize("question", ["红笔和蓝笔加起来够 7 盒吗？", "红笔和蓝笔合计有 6 盒吗？"])
def test_one_number_for_several_items_together_is_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]  # 几种一共 7 盒：每种要几盒不猜


@pytest.mark.parametrize(
    "question", ["I just added lodash to package.json. Is lodash used now?", "我刚装了 lodash，用到了吗"]
)
def test_saying_the_project_just_changed_searches_again(question):
    assert understand(question).fresh


# ── 第三十六、三十七轮学习者：“own version”不是库名；“多少钱一盒”问的是单价；列出的声明少于说的处数要说出来 ─────────
@pytest.mark.parametrize(
    "question", ["铅笔多少钱一盒？我要 10 盒总共多少钱？", "一盒铅笔多少钱？我要 10 盒，一共多少？"]
)
def test_the_price_of_one_box_beside_an_order_is_asked_not_read_as_one_box(question):
    assert kinds(question) == [("inventory", [("铅笔", 10)])]  # “一盒多少钱”问的是单价：不当成 1 盒，要的是 10 盒


def test_more_declarations_than_shown_are_counted_as_not_shown(workdir):
    (workdir / "requirements.txt").write_text("sqlalchemy==2.0\n", encoding="utf-8")
    for i in range(6):
        (workdir / f"m{i}.py").write_text("import sqlalchemy\n", encoding="utf-8")
    said = finals(workdir, "Is sqlalchemy used anywhere?")[0]
    assert "7 declaration(s)" in said and "… and 2 more not shown" in said, said


# ── 第三十八轮学习者：缩进的启动命令不读；“Enough stock?”“how many routes”不是商品；“有的话怎么跑”说的是测试 ──
def test_an_indented_run_command_after_run_it_with_is_not_read(workdir):
    readme = "# svc\n\nHealth-check microservice.\n\nRun it with:\n\n    uvicorn svc.main:app --reload --port 8080\n"
    (workdir / "README.md").write_text(readme, encoding="utf-8")
    said = finals(workdir, "How do I start this service, and on which port?")[0]  # 不在标题下、也不是 ``` 代码块
    assert "uvicorn" not in said and not_read(said), said


@pytest.mark.parametrize("question", ["Enough stock?", "How many routes are there?", "what is the stock?"])
def test_words_around_stock_are_no_items(question):
    assert orders_in(question) == []


@pytest.mark.parametrize("question", ["项目有没有测试？有的话怎么运行？", "Are there tests? If so, how do I run them?"])
def test_how_to_run_them_if_there_are_tests_is_about_the_tests(question):
    ask = understand(question)
    assert [(p.kind, p.asks) for p in ask.parts] == [("tests", {"how"})] and not ask.unknown, ask


@pytest.mark.parametrize(
    "question, items",
    [
     # fenbie is an ask word not read as an item
     # 第三十九轮学习者：“分别”是问的词，不是商品
     ("我要 4 盒黑笔和 3 盒蓝笔，够不够？分别多少钱，总共多少钱？", [("黑笔", 4), ("蓝笔", 3)]),
     ("红笔和蓝笔分别还有多少？", [("红笔", None), ("蓝笔", None)]),
     # names with hyphens are read whole and other units or words are declined
     ("我要 10 节 5号电池和 4 节 7号电池，一共多少钱？", [("5号电池", 10), ("7号电池", 4)]),
     ("我要 2 根 USB-C线和 10 节 7号电池", [("USB-C线", 2), ("7号电池", 10)]),
     ("USB-C线还有多少根？", "unsure"),
     ("我需要 5 支多功能笔，够吗？", "unsure"),
     ("我要 3 盒多一点", "unsure"),
     ("How much are 3 racks of pipette tips and 2 rolls of paper towels?", "unsure"),
     # neighbouring phrasings of the last fixes keep their items or are declined
     ("红笔 2 盒和 3 卷改正带，够吗？一共多少钱", "unsure"),
     ("I need 3 red pens instead of pencils. How much in total?", "unsure"),
     ("I already have notebooks, I need 2 red pens", "unsure"),
     ("I need an invoice for 3 red pens, how much?", "unsure"),
     ("我要 3 根Type-C数据线，够吗？", [("Type-C数据线", 3)]),
     # packing notes subjects or small words beside an order are declined
     ("办公室要 3 盒红笔，库存够吗？一共多少钱？", "unsure"),
     ("这次要 2 盒红笔，下次要 1 盒蓝笔", "unsure"),
     ("要 3 盒红笔和 2 盒蓝笔，蓝笔不用打包，够吗？", "unsure"),
     ("I need 3 red pens and a notebook for me. Enough?", "unsure"),
     ("I need 3 red pens plus notebooks. Is there enough stock?", "unsure"),
     ("红笔和 3 盒红笔芯，一共多少钱？", "unsure"),
     # words near the last fixes keep their old readings or are declined
     ("红笔 3 盒帮我算一下够不够", "unsure"),
     ("我要 4 节 5 号电池和 2 盒蓝笔，一共多少钱", [("5号电池", 4), ("蓝笔", 2)]),
     ("红笔要3盒蓝笔都要", "unsure"),
     ("I have notebooks, and I need 3 boxes of red pens. Is there enough?", "unsure"),
     # a4 paper is read and names in brackets or a price per roll are declined
     ("I need 7 packs of A4 paper. Enough?", [("a4 paper", 7)]),
     ("I need 3 staplers, 5 rolls of tape (胶带) and 7 packs of A4 paper (A4纸). Enough? Total?", "unsure"),
     ("How much is the tape (胶带) per roll?", "unsure"),
     # a quantity between two names or a last name without one is declined not guessed
     ("红笔 3 盒 蓝笔，够吗？", "unsure"),
     ("笔记本 2 本 红笔，够吗？", "unsure"),
     ("红笔3盒蓝笔有货吗", "unsure"),
     ("红笔 3 盒 笔记本 2 本 蓝笔，够吗？", "unsure"),
     ("办公室要 3 盒红笔，够吗", "unsure"),
     ("红笔 3 盒 笔记本 2 本，够吗", [("红笔", 3), ("笔记本", 2)]),
     # numbered names keep the item and places notes or names written together are declined
     ("仓库里红笔还有多少", "unsure"),
     ("库存里红笔还有多少？", "unsure"),
     ("看下stock里红笔还有多少", "unsure"),
     ("店里红笔 3 盒够吗", "unsure"),
     ("5 号电池要 10 节，够吗？", [("5号电池", 10)]),
     ("我要 5 号电池 10 节，够吗？", [("5号电池", 10)]),
     ("5 号电池还有多少？", [("5号电池", None)]),
     ("5 号电池和 7 号电池各 4 节，够吗？", [("5号电池", 4), ("7号电池", 4)]),
     ("红笔蓝笔各 2 盒够吗", "unsure"),
     ("我要 2 包 A4纸，明天9点要", "unsure"),
     ("I need 5 red pens (红色). Enough?", "unsure"),
     ("I need 3 markers (急用).", "unsure"),
     # hyphenated english names are whole and chinese names in english questions are declined
     ("I need 3 USB-C cables. Enough?", [("usb-c cable", 3)]),
     ("I need 2 t-shirts", [("t-shirt", 2)]),
     ("I need 5 post-it notes. Enough?", [("post-it note", 5)]),
     ("I need 2 boxes of red pens and 10 5号电池. Enough?", "unsure"),
     ("I need 3 packs of A4纸 and 2 USB-C线. Enough?", "unsure"),
     # another box purpose words names before english quantities and a combined quantity are declined
     ("我要 2 盒红笔，另 3 盒蓝笔，够吗？", "unsure"),
     ("那 6 盒红笔够吗？", [("红笔", 6)]),
     ("红笔要一些，蓝笔 2 盒，一共多少钱？", "unsure"),
     ("急需 3 盒红笔，够吗？", "unsure"),
     ("3 盒红笔备着用，够吗？", "unsure"),
     ("I need 3 backup boxes of red pens.", "unsure"),
     ("I need red pens 3 boxes blue pens 2 boxes. Total?", "unsure"),
     ("Do we have 6 boxes of red pens and blue pens combined?", "unsure"),
     # names before numbers in english and a name between pairs are declined
     ("I need red pens 3, blue pens 2. Total?", "unsure"),
     ("Notebooks 2, red pens 3. Enough?", "unsure"),
     ("红笔 3 盒 蓝笔 铅笔 2 支，够吗？", "unsure"),
     # short english forms of a stock question are read
     # 常见的短说法也是这几种：没有 I 的“need 3 boxes of …”，没有 are 的“how many … left”，“the price of a …”
     ("What's the price of a red pen?", [("红笔", None)]),
     ("how many red pens left", [("红笔", None)]),
     ("need 3 boxes of red pens, how much", [("红笔", 3)]),
     ("want 2 boxes of blue pens", [("蓝笔", 2)]),
     # enough for and how much would forms carry the item and the quantity
     # “够 N 盒吗”“enough … for N boxes”“how much would N boxes of … cost”：说了商品和数量的问法，照订单算
     ("红笔够 4 盒吗", [("红笔", 4)]),
     ("红笔还够不够 4 盒？", [("红笔", 4)]),
     ("Do you have enough blue pens for 4 boxes?", [("蓝笔", 4)]),
     ("How much would 5 boxes of red pens cost?", [("红笔", 5)]),
     ("how much for 3 boxes of red pens and 2 boxes of blue pens?", [("红笔", 3), ("蓝笔", 2)]),
     ("How much is a red pen?", [("红笔", None)]),
     ("那蓝笔够 2 盒吗", "unsure"),
    ],
)  # fmt: skip
def test_stock_sentences_are_read_whole_or_declined(question, items):
    """库存的一句话：认得的说法读出商品和数量；旁边还有别的话、名字连着名字、认不准的量，整个不算（unsure）。"""
    assert kinds(question) == [("inventory", items)]


# ── 第四十轮学习者：读不了、空的文件，回答不说“上面引了它的内容” ─────────────────────────────────
@pytest.mark.parametrize(
    "question", ["backup.sh 是干什么用的？", "what does cleanup.sh do?", "Dockerfile 里用的是哪个 Python 版本？"]
)
def test_a_file_not_quoted_is_never_said_to_be_quoted_above(workdir, question):
    (workdir / "Dockerfile").write_text("", encoding="utf-8")
    said = finals(workdir, question)[0]
    assert "上面引了它的内容" not in said and "above is its content" not in said, said
    assert "读不了" in said or "could not read" in said or "空" in said, said


@pytest.mark.parametrize("spec, shown", [("pint~=0.23", "pint ~=0.23"), ("numpy ~= 1.26.0", "numpy ~=1.26.0")])
def test_a_compatible_release_is_not_shown_as_a_pin(workdir, spec, shown):
    (workdir / "requirements.txt").write_text(f"{spec}\nrequests==2.31.0\n", encoding="utf-8")
    said = finals(workdir, "这个项目依赖哪些库，版本要求分别是什么？")[0]
    assert shown in said and "requests 2.31.0" in said, said


@pytest.mark.parametrize("question", ["橡皮还有货吗？我想要 1 块", "How much is one box of red pens? I have $5"])
def test_money_is_not_said_to_be_left_out_of_an_enough_line_that_is_not_there(inventory, question):
    said = finals(inventory, question)[0]
    assert "“够”“不够”只说库存" not in said and "“enough” above" not in said, said


# ── 第四十一轮学习者：“what X does Y use”问的是用了哪个，不是一个名字；没有清单时不说“清单里没写” ─────────────
@pytest.mark.parametrize(
    "question", ["What base image does the Dockerfile use?", "waht tech stak does ths use", "what does app.py use?"]
)
def test_asking_which_thing_is_used_is_no_search_for_its_words(question):
    ask = understand(question)
    assert not ask.parts and ask.unknown, ask


@pytest.mark.parametrize("question", ["how do i run the tests?", "测试怎么跑？"])
def test_no_manifest_at_the_top_is_not_said_to_name_no_test_command(workdir, question):
    (workdir / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (workdir / "requirements").mkdir()
    (workdir / "requirements" / "dev.txt").write_text("pytest-django==4.8.0\n", encoding="utf-8")
    said = finals(workdir, question)[0]
    assert "manifests name no" not in said and "写的依赖里我没看到" not in said, said
    assert "no manifest here" in said or "这一层没有我读得懂的依赖清单" in said, said


# ── 做了的那一句不说“没有认出……我也没有做” ─────────────────────────────────
@pytest.mark.parametrize(
    "questions",
    [("我要 2 盒红笔", "重新读一下红笔"), ("I need 2 boxes of red pens", "read the red pens again"),
     ("I need 4 boxes of blue pens, do we have enough? how much would that be",)],
)  # fmt: skip
def test_a_sentence_the_answer_covers_is_not_said_to_be_left_out(inventory, questions):
    said = finals(inventory, *questions)[-1]
    assert "没有认出" not in said and "did not recognise" not in said, said
    assert "stock/" in said, said


# ── 第四十二轮学习者：问一个库的版本，照写清单里的（^8.1.7 不是“8.1”，npm 的 5.0.7 是钉死的） ────────────────
PACKAGE = '{"name": "t", "dependencies": {"zod": "~3.23.8", "nanoid": "5.0.7", "date-fns": "^3.6.0"}}\n'
POETRY = '[tool.poetry.dependencies]\npython = "^3.10"\nclick = "^8.1.7"\ntabulate = "0.9.0"\n'


@pytest.mark.parametrize(
    "manifest, text, questions, shown",
    [("package.json", PACKAGE, ["Which version of nanoid is pinned in package.json?"], "`5.0.7`"),
     ("package.json", PACKAGE, ["zod 是哪个版本？"], "`~3.23.8`"),
     ("package.json", PACKAGE, ["Is zod used anywhere?", "which version?", "and nanoid?"], "`5.0.7`"),
     ("pyproject.toml", POETRY, ["Is click used anywhere?", "which version?"], "`^8.1.7`"),
     ("requirements.txt", "redis~=5.0\nflask==3.0.0\n", ["What version of redis does it need?"], "`~=5.0`")],
)  # fmt: skip
def test_the_version_of_a_library_asked_about_is_the_one_declared(workdir, manifest, text, questions, shown):
    (workdir / manifest).write_text(text, encoding="utf-8")
    said = finals(workdir, *questions)[-1]
    assert shown in said, said


@pytest.mark.parametrize(
    "questions", [("cli.py 有多少行？", "那 clean.py 呢？"), ("how many lines in cli.py?", "and clean.py?")]
)
def test_a_file_counted_before_is_no_folder_for_the_next_file(workdir, questions):
    (workdir / "cli.py").write_text("a\nb\n", encoding="utf-8")
    (workdir / "clean.py").write_text("a\n", encoding="utf-8")
    out = run_main("--demo", "--yes", "-C", str(workdir), input="\n".join(questions) + "\n").stdout
    assert "cli.py/clean.py" not in out and "wc -l clean.py" in out, out


# ── 第四十三轮学习者：“这些脚本分别是干嘛的”不是问项目；看不准的数量沿用时照原话说，不说“None 盒” ─────────
@pytest.mark.parametrize(
    "question", ["这些脚本分别是干嘛的？", "这个工具箱里有几个脚本？分别是干嘛的？", "What do these scripts do?"]
)
def test_what_each_of_several_things_does_is_not_the_project_description(question):
    assert all(p.kind != "about" for p in understand(question).parts)


@pytest.mark.parametrize(
    "questions",
    [("我要三盒红笔，够吗？", "再来 2 盒呢？", "那蓝笔呢？"),
     ("I need 3 boxes of red pens. Enough?", "What about 2 more boxes?", "And the blue ones?")],
)  # fmt: skip
def test_a_quantity_that_was_not_clear_is_declined_and_not_carried(inventory, questions):
    said = finals(inventory, *questions)  # “再来 2 盒”“2 more”：不查；下一句也不沿用哪个数量
    assert "×" not in said[1] and ("没听懂" in said[1] or "can't tell" in said[1]), said[1]
    assert "None" not in said[2] and "你需要" not in said[2] and "you need" not in said[2], said[2]


@pytest.mark.parametrize("question, kinds_", [("测试咋跑？", ["tests"]), ("咋跑起来？测试咋跑？", ["entry", "tests"])])
def test_za_is_how(question, kinds_):  # “咋”就是“怎么”
    assert [k for k, _ in kinds(question)] == kinds_


# ── 第四十六、四十七轮学习者：“再加一样”不是商品；英文问题里的中文商品名；单位按商品的顺序；
# “X 用的是哪个版本”问的是 X；-r 引用的清单读一层，对话里读过的不说“没有读” ─────────────────────
@pytest.mark.parametrize(
    "question, items",
    [("我要 3 瓶胶水，再加一样：1 包订书钉，一共多少钱？", "unsure"),
     ("How much does one pack of 订书钉 cost?", "unsure"),
     ("How much does one pack of staples cost?", [("staple", None)])],
)  # fmt: skip
def test_one_more_kind_and_a_chinese_item_in_english(question, items):
    assert kinds(question) == [("inventory", items)]  # “再加一样”没听懂：不查；一包多少钱问的是单价，不是订单


def test_an_item_named_in_another_language_is_not_the_item_asked_before(inventory):
    said = finals(inventory, "红笔多少钱？", "How much does one pack of 蓝笔 cost?")[1]
    assert declined(said) and "“How much does one pack of 蓝笔 cost”" in said and "Same items" not in said, said


def test_units_are_said_in_the_order_of_the_items(inventory):
    said = finals(inventory, "请问 3 瓶红笔和 10 本蓝笔库存够吗？一共多少钱？")[0]
    assert "红笔、蓝笔的库存数据里没写单位：我按你说的“瓶、本”来比" in said, said


@pytest.mark.parametrize("question", ["Django 用的是哪个版本？", "django 的是什么版本"])
def test_the_version_of_a_named_library_is_asked_for_that_library(question):
    assert [(p.kind, p.names) for p in understand(question).parts] == [("stack", ["Django"])] or [
        (p.kind, p.names) for p in understand(question).parts
    ] == [("stack", ["django"])]


def test_a_manifest_included_with_dash_r_is_read_and_one_read_before_is_not_called_unread(workdir):
    (workdir / "requirements").mkdir()
    (workdir / "requirements.txt").write_text("-r requirements/base.txt\n", encoding="utf-8")
    (workdir / "requirements" / "base.txt").write_text("Django==4.2.11\n-c constraints.txt\n", encoding="utf-8")
    first, second = finals(workdir, "what does requirements/base.txt say?", "which version of Django?")
    assert "`==4.2.11`" in second and "(not read): requirements/base.txt" not in second, second
    assert "constraints.txt (from requirements/base.txt)" in second and "did not look inside" not in second, second


# ── 第五十轮学习者：又说了一遍上一个问题的商品（“add … too”），没有沿用什么：不出错 ──────────────────────
def test_adding_the_item_just_asked_about_again_is_no_error(inventory):
    said = finals(inventory, "I need 3 boxes of red pens. Enough? How much?", "What about blue pens?",
                  "add 1 box of blue pens too, total?")[2]  # fmt: skip
    assert declined(said) and "“add 1 box of blue pens too”" in said, said  # 没听懂那一句：不查，不出错


# ── 第五十轮学习者：“我复制的库存记录”里做的事不是商品；“where is X defined”说定义在哪一行，不去搜 defined ─────
@pytest.mark.parametrize(
    "question, items",
    [("这是我复制的库存记录 {…}，要 8 盒蓝笔够吗？", "unsure"),
     ("这是你发的库存数据，红笔要 3 盒够吗", "unsure"),
     ("同事导出的库存表显示蓝笔有 12 盒，我要 8 盒蓝笔够吗", "unsure"),
     ("我红笔的库存还有多少", [("红笔", None)]),
     ("蓝笔的库存记录里有多少", "unsure"),
     ("给我看看蓝笔的库存表", "unsure"),
     ("给我蓝笔的库存表", "unsure"),
     ("我要红笔的库存信息，3 盒够吗", "unsure"),
     ("我复制的库存JSON，红笔要 3 盒", "unsure"),
     ("我复制的库存记录里红笔还有多少？", "unsure"),
     ("他说红笔的库存记录不对", "unsure"),
     ("显示器和键盘各 1 台，库存够吗？一共多少钱", [("显示器", 1), ("键盘", 1)]),
     ("要 3 个显示器支架，够吗", [("显示器支架", 3)])],
)  # fmt: skip
def test_who_made_a_stock_record_is_not_an_item(question, items):
    # 说到记录、表的那一句不是认得的说法：不查（没听懂的订单，或者认不出问的是哪一类事）
    declined = kinds(question) in ([("inventory", "unsure")], [])
    assert declined if items == "unsure" else kinds(question) == [("inventory", items)]


def write_definitions(workdir):
    (workdir / "src").mkdir()
    (workdir / "src" / "core.py").write_text(
        "def normalise_header(name):\n    return name.strip()\n\n\nheaders = [normalise_header(h) for h in 'ab']\n",
        encoding="utf-8",
    )
    (workdir / "README.md").write_text("Call `def normalise_header` yourself.\n", encoding="utf-8")
    (workdir / "main.js").write_text("export const toSlug = (s) => s.toLowerCase();\n", encoding="utf-8")


# ── 第五十一轮学习者、第二十三轮攻击：定义只认代码里像定义的一行；“块”是量词也是钱；接着问时用最后一次说的数量 ──────
def write_code(workdir, files: dict):
    for name, text in files.items():
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        (workdir / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    "question, searched",
    [("创建 hello.py，在里面定义一个函数 greet", []),
     ("How is the start script defined in package.json?", [])],
)  # fmt: skip
def test_words_around_a_definition_are_not_names(workdir, question, searched):
    write_code(workdir, {"a.py": "def helper():\n    pass\n"})
    out = run_main("--demo", "--yes", "-C", str(workdir), question).stdout
    assert re.findall(r'search_files\(\{"query": "([^"]+)"', out) == searched, out


@pytest.mark.parametrize(
    "question",
    ["我有 30 块，买 3 盒红笔够吗", "5 块钱一盒的红笔要 2 盒", "I need 5 pencils (铅笔) and 2 erasers （橡皮）."],
)
def test_kuai_as_money_and_two_names_in_brackets_are_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]  # “块”是钱；括号里注的名字有两个：不查


@pytest.mark.parametrize(
    "question, orders",
    [("我要 2 块橡皮、5 本笔记本和 20 支铅笔，够吗？", [("橡皮", 2), ("笔记本", 5), ("铅笔", 20)]),
     ("我需要 4 块橡皮。库存够吗？", [("橡皮", 4)])],
)  # fmt: skip
def test_kuai_right_before_an_item_is_a_unit(question, orders):
    assert kinds(question) == [("inventory", orders)]


def test_money_beside_a_kuai_quantity_is_declined_not_guessed(inventory):
    record = '{"item": "橡皮", "stock": 3, "unit_price": 5, "currency": "CNY"}'
    (inventory / "stock" / "橡皮.json").write_text(record, encoding="utf-8")
    said = finals(inventory, "预算 50 块钱，2 块橡皮和 3 盒红笔够吗")[0]  # 预算那一句没听懂：整个订单不查
    assert declined(said) and "“预算 50 块钱”" in said and "46" not in said, said


def test_a_total_over_items_asked_before_is_declined_not_guessed(inventory):
    said = finals(inventory, "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？", "那蓝笔呢？", "如果要 2 盒蓝笔呢？",
                  "两样加起来一共多少钱？")[3]  # fmt: skip
    assert declined(said) and "“两样加起来一共多少钱”" in said, said  # 不猜“两样”是哪两样、各要多少


@pytest.mark.parametrize(
    "then, priced",
    [("And what is the price of a blue pen box?", False), ("And the price of blue pens?", False),
     ("那蓝笔的价格呢？", True)],
)  # fmt: skip
def test_asking_a_price_after_a_quantity_does_not_carry_the_quantity(inventory, then, priced):
    said = finals(inventory, "I need 4 boxes of red pens. Enough in stock?", then)[1]  # 英文的两种说法没听懂：不查
    assert "4 boxes" not in said and "4 盒" not in said and (" 8 " in said if priced else declined(said)), said


@pytest.mark.parametrize(
    "question, tools",
    [("price 方法在哪里被调用？", ["search_files"]),
     ("那 price 方法在哪用到了", ["search_files"]),
     ("where is the price method used?", ["search_files"]),
     ("Product 的价格字段叫什么？", []),
     ("total 方法用到了什么函数", [])],
)  # fmt: skip
def test_a_question_about_code_that_says_price_is_no_stock_question(workdir, question, tools):
    write_code(workdir, {"models.py": "class Product:\n    def price(self):\n        return 1\n"})
    out = run_main("--demo", "--yes", "-C", str(workdir), question).stdout
    assert sorted(set(re.findall(r"\[调用工具\] (\w+)\(", out))) == tools, out
    assert "库存数据" not in out and "which item" not in out and "单价" not in out, out


def test_an_english_item_name_in_a_chinese_question_is_declined_not_taken_for_the_last_item(inventory):
    record = '{"item": "stapler", "stock": 3, "unit_price": 25, "currency": "USD"}'
    (inventory / "stock" / "stapler.json").write_text(record, encoding="utf-8")
    said = finals(inventory, "我需要 3 盒红笔，够吗？", "stapler 单价是多少？", "那 stapler 呢？")
    assert declined(said[1]) and "“stapler 单价是多少”" in said[1], said[1]  # 中文句子里的英文名：不认得，不查
    assert "认不出“那 stapler 呢？”" in said[2] and "红笔库存" not in said[2], said[2]


@pytest.mark.parametrize("question", ["vue 和 pinia 分别是什么版本？", "vue and pinia versions?"])
def test_the_versions_of_several_named_libraries_are_each_asked_for(question):
    assert [(p.kind, p.names) for p in understand(question).parts] == [("stack", ["vue", "pinia"])]


def test_a_constraints_file_is_no_list_of_dependencies(workdir):
    write_code(workdir, {"requirements/base.txt": "flask==3.0\n", "requirements/constraints.txt": "urllib3<3\n"})
    said = finals(workdir, "requirements 目录下的技术栈")[0]
    assert "Flask" in said and "urllib3" not in said, said


def test_a_filter_over_the_dependencies_is_named_as_not_done(workdir):
    write_code(workdir, {"requirements.txt": 'waitress>=2.1; sys_platform == "win32"\nflask\n'})
    said = finals(workdir, "哪些依赖只在 windows 上装？")[0]
    assert "认不出" in said and "Flask" not in said, said


def test_where_a_name_appears_says_which_spellings_were_searched(workdir):
    write_code(workdir, {"a.py": "from m import Product\n", "index.html": "{{ products }}\n"})
    said = finals(workdir, "where is Product used?")[0]
    assert "Searched as Product, product, it appears in: a.py, index.html" in said, said


# ── 第五十二轮学习者：重量、杯、一打、bags of；英文名的单复数；中文句子里的英文商品名；子目录的清单；JS 默认引入 ──
@pytest.mark.parametrize(
    "question, orders",
    [("我要 3 公斤大米和 2 本笔记本，库存够吗？", [("大米", 3, "公斤"), ("笔记本", 2, "本")]),
     ("我需要 5 块橡皮和 4 kg 大米，够吗？", "unsure"),
     ("我需要 5 个 cookie 和 2 杯美式。", "unsure"),
     ("我需要一打红笔，够吗？", "unsure"),
     ("I need 2 bags of coffee.", [("coffee", 2, "bags")]),
     ("I need 2 staplers and 4 kg of rice (大米).", "unsure"),
     ("I need 1 roll of tape (胶带).", [("胶带", 1, "roll")]),
     ("What about 6 again?", []),
     ("croissant 改成一盒", "unsure")],
)  # fmt: skip
def test_weights_cups_dozens_and_english_units_are_units_or_declined_never_items(question, orders):
    read = [(o.item, o.quantity, o.unit) for o in orders_in(question)]  # 一打、kg、英文名、括号里注的名字：不查
    assert (kinds(question) == [("inventory", "unsure")]) if orders == "unsure" else (read == orders), kinds(question)


def stock_file(inventory, name, stock, price, currency="USD"):
    record = json.dumps({"item": name, "stock": stock, "unit_price": price, "currency": currency})
    (inventory / "stock" / f"{name}.json").write_text(record, encoding="utf-8")


@pytest.mark.parametrize(
    "question, said",
    [("How many sticky notes are in stock?", "25 in stock at 2.1 USD"),
     ("I need 5 cookies. Enough? Total?", "5 × 5 = 25 USD"),
     ('I need 3 sticky notes. {"item": "sticky notes", "stock": 25, "unit_price": 2.1}', "3 × 2.1 = 6.3")],
)  # fmt: skip
def test_an_english_plural_finds_the_stock_file_as_the_user_wrote_it(inventory, question, said):
    stock_file(inventory, "sticky notes", 25, 2.1)
    stock_file(inventory, "cookie", 30, 5)
    answer = finals(inventory, question)[0]
    assert said in answer and "could not read" not in answer and "won't use" not in answer, answer


def test_a_follow_up_naming_an_english_item_before_a_new_quantity_is_declined_not_guessed(inventory):
    stock_file(inventory, "croissant", 12, 15, "CNY")
    said = finals(inventory, "我需要 3 盒红笔。库存够吗？", "那 croissant 一盒呢", "要是一打呢？")
    assert declined(said[1]) and "一盒.json" not in said[1], said[1]  # 不认得的说法、一打：不查，不猜
    assert "认不出“要是一打呢？”" in said[2] and "一打.json" not in said[2] and "×" not in said[2], said[2]


@pytest.mark.parametrize(
    "question, said",
    [("帮我 check 一下 pyproject 里 fastapi 的 version", "pyproject.toml 里写的是 `>=0.110`"),
     ("server/package.json 里 express 是哪个版本？", "server/package.json 里写的是 `^4.19.2`")],
)  # fmt: skip
def test_a_manifest_named_in_the_question_is_the_one_read(workdir, question, said):
    write_code(workdir, {"pyproject.toml": '[project]\nname = "x"\ndependencies = ["fastapi>=0.110"]\n',
                         "server/package.json": '{"dependencies": {"express": "^4.19.2"}}'})  # fmt: skip
    assert said in finals(workdir, question)[0]


def test_a_follow_up_about_a_version_stays_in_the_folder_asked_about(workdir):
    write_code(workdir, {"package.json": '{"dependencies": {"react": "^18.3.1"}}',
                         "server/package.json": '{"dependencies": {"express": "^4.19.2"}}'})  # fmt: skip
    said = finals(workdir, "帮我看看这个项目用了什么技术栈", "那 server 目录呢？", "express 是哪个版本？")[2]
    assert "server/package.json 里写的是 `^4.19.2`" in said, said


def test_with_no_manifest_at_the_top_the_folders_not_looked_into_are_named(workdir):
    write_code(workdir, {"scripts/requirements.txt": "pandas==2.2.0\n", "notes/a.md": "x\n"})
    said = finals(workdir, "帮我看看这个项目用了什么技术栈", "What tech stack does this project use?")
    assert "notes/、scripts/ 这些子目录可能有自己的依赖清单" in said[0] and "notes/, scripts/" in said[1], said


@pytest.mark.parametrize("question", ["这个项目用的是 ESM 还是 CommonJS？", "Does it use ES modules or CommonJS?"])
def test_a_module_system_question_is_named_as_not_understood(project, question):
    out = run_main("--demo", "--yes", question).stdout
    assert "search_files" not in out and ("认不出" in out or "can't tell" in out), out


# ── 第二十四轮攻击：块后面是语气词就是钱；转述的库存不是要的；说到代码的词只在像代码时算；文件名不是商品 ──
@pytest.mark.parametrize(
    "question, orders",
    [("红笔单价是 12 块吗？", []),
     ("我要 3 盒红笔，36 块够吗？", "unsure"),
     ("他说红笔还剩 5 盒", "unsure"),
     ("记录里蓝笔还剩 1 盒", "unsure"),
     ("蓝笔有 12 盒，我要 8 盒蓝笔够吗", "unsure"),
     ("有没有 3 盒红笔", "unsure"),
     ("还有 3 盒红笔吗", "unsure"),
     ("看一下 stock/红笔.json 的库存", "unsure"),
     ("红笔在 SAP 还有多少", "unsure"),
     ("库存表上红笔还有多少？", "unsure"),
     ("库存显示红笔还有多少？", "unsure"),
     ("显示器还有货吗？", [("显示器", None, "")]),
     ("I need 2 boxes of red pens (明天要), is there enough?", "unsure")],
)  # fmt: skip
def test_money_reported_stock_file_names_and_notes_are_no_order(question, orders):
    read = [(o.item, o.quantity, o.unit) for o in orders_in(question)]  # 没认出、没听懂（unsure）的都不查
    declined = kinds(question) in ([("inventory", "unsure")], [])  # 没听懂的订单，或者认不出问的是哪一类事
    assert declined if orders == "unsure" else read == orders, kinds(question)


@pytest.mark.parametrize(
    "question",
    ["I need 3 boxes of red pens for my class", "Call me if we have 3 boxes of red pens in stock",
     "帮我查一下\n红笔还有多少库存"],
)  # fmt: skip
def test_ordinary_words_that_also_name_code_leave_a_stock_question_one(question):
    assert [p.kind for p in understand(question).parts] == ["inventory"]


@pytest.mark.parametrize(
    "question",
    [
        "Which testing framework do the test functions use",
        "这个项目的函数组件用了什么框架",
        "帮我看看这个项目\n用了什么技术栈",
    ],
)
def test_code_words_leave_a_stack_question_one(question):
    assert [p.kind for p in understand(question).parts] == ["stack"]


@pytest.mark.parametrize("then", ["那 src 呢？", "那么 python 呢", "那 json 呢", "那 the rest 呢"])
def test_a_folder_language_or_pronoun_after_an_order_is_no_item(inventory, then):
    out = run_main("--demo", "-C", str(inventory), input=f"我要 3 盒红笔，库存够吗？\n{then}\n").stdout
    assert out.count("read_file") == 1, out


def test_a_price_and_a_total_asked_after_a_quantity_carry_it(inventory):
    said = finals(inventory, "我要 2 盒红笔，够吗？", "那蓝笔呢？价格一共多少？")[1]
    assert "2 × 8 = 16" in said, said


def test_a_test_framework_in_a_manifest_read_only_in_part_is_not_said_to_be_missing(workdir):
    deps = ", ".join(f'"pkg{i}": "^1.0.{i}"' for i in range(3000))
    write_code(workdir, {"package.json": '{"dependencies": {' + deps + '}, "devDependencies": {"jest": "^29"}}'})
    said = finals(workdir, "用了什么测试框架？")[0]
    assert "读到的依赖清单（package.json）里没有" not in said, said


# ── 第五十三轮学习者：“版本和根目录”不是目录；“server 呢？”是目录；“croissant 的 price”；搜过的写法说出来 ──────────
def test_a_phrase_ending_in_root_folder_names_no_folder():
    parts = understand("客户端用的 typescript 版本和根目录的一样吗").parts
    assert [(p.kind, p.folder) for p in parts] == [("stack", ".")]


def test_a_follow_up_naming_a_usual_sub_project_is_that_folder(workdir):
    write_code(workdir, {"client/package.json": '{"dependencies": {"react": "^18.3.1"}}',
                         "server/package.json": '{"dependencies": {"express": "^4.19.2"}}'})  # fmt: skip
    said = finals(workdir, "client 里 react 是哪个版本", "server 呢？")[1]
    assert "Express 4.19" in said and "你问到的 server" not in said, said


def test_an_english_item_before_an_english_stock_word_is_declined_not_guessed(inventory):
    stock_file(inventory, "croissant", 15, 1.8, "EUR")
    said = finals(inventory, "croissant 的 price 是多少，用什么货币？")[0]  # 中英夹着说：不认得，不查
    assert declined(said) and "croissant.json" not in said and "用什么货币.json" not in said, said


def test_a_name_mentioned_but_not_imported_says_which_spellings_were_searched(workdir):
    write_code(workdir, {"client.py": "class Forecast:\n    pass\n", "README.md": "Fetches forecasts.\n"})
    said = finals(workdir, "where is the Forecast class used?")[0]
    assert "earched as Forecast, forecast, it appears in: README.md, client.py" in said, said


@pytest.mark.parametrize(
    "question",
    ["复印纸还有多少公斤？", "How many kg of 复印纸 are left? I need 30 kg.", "我要 10 支铅笔和 10 块 erasers，够吗？",
     "And crayons, 3 of them?", "我要 5 支这个，够吗？多少钱？"],
)  # fmt: skip
def test_units_pronouns_and_english_items_in_a_chinese_order_are_declined_not_guessed(question):
    assert not orders_in(question)  # 不是那几种说法：不猜数量


def test_an_english_plural_in_a_chinese_question_is_declined_not_guessed(inventory):
    stock_file(inventory, "erasers", 30, 0.5)
    said = finals(inventory, "我要 10 块 erasers，够吗？一共多少钱？")[0]
    assert declined(said), said


# ── 第二十五轮攻击：问整个项目不留在上一个目录；说到函数的不是技术栈；商品名里的在、显示、打、块；单说的 bags ──
@pytest.mark.parametrize(
    "question, orders",
    [("在线卡还有多少？", []), ("自在杯还有多少？", []),  # 名字里有“在”：不猜名字，不查
     ("我要 3 个显示灯，够吗？", [("显示灯", 3)]), ("红笔在仓库里还有多少？", []),
     ("红笔有 12 盒吗？", []), ("红笔还有 5 盒够不够？", []),
     ("红笔还有 5 盒，对吗？", []), ("橡皮 2 块一共多少钱", []),  # “块”可能是钱：不查
     ("我要 3 包打印纸，够吗？", [("打印纸", 3)]), ("I need 4 bags. Enough?", []),  # bag 是量词：不当商品名
     ("I need 2 pens (红笔)", [("红笔", 2)]), ("我要 json 3 个", []), ("我要 USB 3 个", [])],
)  # fmt: skip
def test_item_names_holding_new_words_and_questions_about_stock_said(question, orders):
    assert [(o.item, o.quantity) for o in orders_in(question)] == orders


@pytest.mark.parametrize(
    "question, kinds_",
    [("price 在哪里定义的？", []), ("price 在哪里被调用", ["use"]), ("price 方法用了什么框架？", ["use"]),
     ("Which framework does the price function use?", [])],
)  # fmt: skip
def test_questions_about_a_function_are_no_stack_or_stock_questions(question, kinds_):
    assert [p.kind for p in understand(question).parts] == kinds_


def test_a_whole_project_stack_question_after_a_folder_one_looks_at_the_whole_project(workdir):
    write_code(workdir, {"client/package.json": '{"dependencies": {"react": "^18.3.1"}}',
                         "server/package.json": '{"dependencies": {"express": "^4.19.2"}}'})  # fmt: skip
    said = finals(workdir, "server 目录用了什么技术栈", "帮我看看这个项目用了什么技术栈")[1]
    assert "client/、server/ 这些子目录" in said and "依据：server/package.json" not in said, said


def test_two_manifests_named_are_not_read_as_one(workdir):
    write_code(workdir, {"client/package.json": '{"dependencies": {"react": "^18.3.1"}}',
                         "server/package.json": '{"dependencies": {"express": "^4.19.2"}}'})  # fmt: skip
    said = finals(workdir, "server/package.json 和 client/package.json 里 react 分别是什么版本")[0]
    assert "依赖清单（server/package.json）写的依赖里我没看到" not in said, said


def test_a_plural_ending_in_es_finds_its_stock_file(inventory):
    stock_file(inventory, "bus", 4, 30)
    said = finals(inventory, "How many buses are in stock?")[0]
    assert "4 in stock at 30 USD" in said, said


# ── 第五十四轮学习者：“学生每人”“班每班”不是商品；“the client”是目录；cups 是量词；没往里看的子目录不止列出的那些 ─────
@pytest.mark.parametrize(
    "question",
    ["10 个学生每人 2 支铅笔，库存够吗？", "给 3 个班每班买 2 盒订书钉，够吗？",
     "2 boxes of 曲奇 and 3 cups of mocha, how much total?"],
)  # fmt: skip
def test_quantities_for_each_person_or_in_cups_are_declined_not_guessed(question):
    assert not orders_in(question)  # 每人几支、几杯：不猜要多少


def test_the_client_in_a_question_is_the_client_folder(workdir):
    write_code(workdir, {"client/package.json": '{"dependencies": {"react": "^18"}}',
                         "server/package.json": '{"dependencies": {"zod": "^3"}}'})  # fmt: skip
    out = run_main("--demo", "--yes", "-C", str(workdir), "does the client use zod?").stdout
    assert '"query": "client"' not in out and "server/package.json" not in out.split("[最终回复]")[-1], out


# ── 第五十五轮学习者：库存是 0 就不够，单位对不上也一样；“5 块 eraser”认得；“10 个学生”不是商品 ──────────────
def test_no_stock_is_not_enough_whatever_the_unit(inventory):
    record = '{"item": "胶水", "stock": 0, "unit": "瓶", "unit_price": 4, "currency": "CNY"}'
    (inventory / "stock" / "胶水.json").write_text(record, encoding="utf-8")
    said = finals(inventory, "我要 4 盒胶水，够吗？")[0]
    assert said.strip().startswith("不够") and "判断不了" not in said, said


def test_kuai_before_an_english_item_is_declined_not_guessed(inventory):
    stock_file(inventory, "eraser", 25, 0.8)
    said = finals(inventory, "我需要 5 块 eraser。库存够吗？")[0]
    assert declined(said), said


@pytest.mark.parametrize("question", ["每人 2 支铅笔，10 个学生，够吗？", "给 3 个班每班买 2 盒订书钉"])
def test_a_quantity_for_each_of_some_people_is_declined_not_guessed(question):
    assert not orders_in(question)


# ── 第五十六轮：数量在另一小句里（前面说的是别人报的库存）；杯、斤、升、公斤的数量也是库存问题 ────────────────────
@pytest.mark.parametrize("unit", ["杯", "公斤"])
def test_a_quantity_after_reported_stock_is_declined_not_guessed(inventory, unit):
    stock_file(inventory, "拿铁", 5, 30, "CNY")
    said = finals(inventory, f"他说拿铁还剩 3 {unit}，我要 4 {unit}，够吗")[0]
    assert computed_nothing(said) and "认不出“他说拿铁还剩" in said, said  # 别人报的库存和要的数连着说：不猜哪个是订单


@pytest.mark.parametrize("clause", ["我要 4 杯", "来 2 斤", "要 3 升", "买 5 公斤", "两千克"])
def test_a_quantity_in_any_unit_is_a_stock_question(clause):
    assert [p.kind for p in understand(clause).parts] == ["inventory"]


# ── 第五十六轮学习者、第二十六轮攻击：项目自己定义的名字；没看全时也说“我认得的”；名字里连着写的字母；给谁买的人 ──────
CALC = {"src/core.py": "OPS = {}\n\ndef evaluate(s):\n    return _eval(s)\n\n\ndef _eval(n):\n    return OPS[n]\n",
        "src/util.js": "function formatTodo(t) {\n  return t;\n}\nmodule.exports = { formatTodo };\n",
        "src/todos.js": "const { formatTodo } = require('./util');\nformatTodo(1);\n"}  # fmt: skip


@pytest.mark.parametrize(
    "files, name",
    [({"a.py": "\ufeffimport requests\r\n"}, "requests"), ({"a.mts": "import _ from 'lodash'\n"}, "lodash"),
     ({"b.cts": "const z = require('zod')\n"}, "zod")],
)  # fmt: skip
def test_an_import_after_a_bom_or_in_a_typescript_module_file_is_an_import(workdir, files, name):
    write_code(workdir, files)
    said = finals(workdir, f"Is {name} used?")[0]
    assert f"Yes, {name} is used" in said, said


def test_an_import_that_does_not_start_its_line_is_not_denied(workdir):
    """“import os; import requests”“try: import numpy”：一行开头不是 import，认不出；回答说“我认得的写法”，不说没有。"""
    write_code(workdir, {"a.py": "import os; import requests\ntry: import numpy as np\nexcept ImportError: pass\n"})
    for name in ("requests", "numpy"):
        said = finals(workdir, f"Is {name} used?")[0]
        assert "no import of it by package name that I recognise (a line starting with" in said, said


def test_an_incomplete_search_names_which_imports_it_recognises(workdir):
    write_code(workdir, {"go.mod": "module x\n\nrequire github.com/gin-gonic/gin v1.9.1\n",
                         "main.go": 'import "github.com/gin-gonic/gin"\n'})  # fmt: skip
    (workdir / "notes.txt").write_bytes("gin notes\n".encode("utf-16"))
    said = finals(workdir, "Is gin used anywhere?")[0]
    assert (
        "no import of it by package name that I recognise (a line starting with `import gin`" in said
        and "I can't tell whether gin is used" in said
    ), said


def test_a_binary_looking_file_holding_the_name_is_no_complete_search(workdir):
    write_code(workdir, {"package.json": '{"name": "x", "dependencies": {}}'})
    (workdir / "index.js").write_bytes(b'const _ = require("lodash");\nconst SEP = "\x00";\n')
    said = finals(workdir, "项目里有没有用到 lodash？")[0]
    assert "没有搜到" not in said and "index.js" in said and "说不准" in said, said


@pytest.mark.parametrize(
    "question, follow_up, said, unsaid",
    [("我要 3 盒红笔，够吗？", "红笔芯呢？", "红笔芯库存 50", "红笔库存 5"),
     ("我要 3 盒红笔，够吗？", "他说只剩 2 盒了，还够吗？", "没听懂，怕把数量猜错", "你需要 2 盒")],
)  # fmt: skip
def test_an_item_is_not_the_start_of_a_longer_item_and_reported_stock_is_no_order(inventory, question, follow_up,
                                                                                  said, unsaid):  # fmt: skip
    stock_file(inventory, "红笔芯", 50, 0.5, "CNY")
    answers = finals(inventory, *[q for q in (question, follow_up) if q])
    assert said in answers[-1] and unsaid not in answers[-1], answers


@pytest.mark.parametrize(
    "question, items",
    [("2B铅笔 50 支够吗？", [("2B铅笔", 50)]), ("我要 3 包 A4纸", [("A4纸", 3)]),
     ("红笔和2B铅笔各 2 支", [("红笔", 2), ("2B铅笔", 2)]), ("A4纸还有多少", [("A4纸", None)]),
     ("我要 3 盒红笔给 2 个同事", []), ("给 3 个老师买 5 盒红笔，够吗", [])],
)  # fmt: skip
def test_letters_written_onto_a_name_are_part_of_it_and_people_are_no_items(question, items):
    assert [(o.item, o.quantity) for o in orders_in(question)] == items


def test_is_that_enough_and_how_much_will_it_cost_are_both_answered(inventory):
    said = finals(inventory, "I need 3 red pens. Is that enough and how much will it cost?")[0]
    assert "5 ≥ 3" in said and "3 × 12 = 36" in said, said


def test_a_chinese_name_in_straight_quotes_is_declined_in_english(inventory):
    said = finals(inventory, 'I need 3 boxes of "红笔" and 2 of "蓝笔". Enough in stock?')[0]
    assert declined(said) and "I won't guess a quantity" in said, said


@pytest.mark.parametrize("question", ["List the files in stock", "帮我看一下 stock 下都有些什么文件"])
def test_files_in_the_stock_folder_are_a_listing(question):
    assert [(p.kind, p.folder) for p in understand(question).parts] == [("ls", "stock")]


def test_a_folder_listed_and_counted_in_one_question_is_listed_once():
    assert len(understand("packages 目录下有哪些东西？一共几个文件？").parts) == 1


def test_liters_are_a_unit_and_an_empty_stock_file_is_no_missing_file(inventory):
    assert [(o.item, o.quantity, o.unit) for o in orders_in("I need 2 liters of ink")] == [("ink", 2, "liters")]
    (inventory / "stock" / "尺子.json").write_text("", encoding="utf-8")
    said = finals(inventory, "尺子还有多少")[0]
    assert "不是我能用的库存记录" in said and "目录里有没有" not in said, said


def test_a_line_count_by_wc_says_a_last_line_without_newline_is_not_counted(workdir):
    write_code(workdir, {"main.rs": "fn main() {\n}"})
    said = finals(workdir, "main.rs 有多少行？", args=("--yes",))[0]
    assert "1 main.rs" in said and "wc -l 数的是换行符" in said, said


# ── 第五十七轮学习者、第二十七轮攻击：载入库的变量不是定义；说不要、给谁买、别人报的库存；英文的“each of”“a” ──
@pytest.mark.parametrize(
    "line",
    ['requests = pytest.importorskip("requests")', 'requests = importlib.import_module("requests")',
     "requests = __import__('requests')"],
)  # fmt: skip
def test_a_variable_that_loads_a_library_is_no_definition(workdir, line):
    write_code(workdir, {"tests/test_live.py": f"import pytest, importlib\n\n{line}\n"})
    said = finals(workdir, "项目用到 requests 了吗？")[0]
    assert "tests/test_live.py" in said and "这个项目里定义了" not in said, said


def test_a_whole_module_require_is_no_import_by_name(workdir):
    write_code(workdir, {"a.js": "const lodash = require('lodash-es');\n"})
    assert "引入 lodash" not in finals(workdir, "lodash 在哪里被用到？")[0]


def test_a_picture_holding_the_bytes_leaves_an_absence_clear(workdir):
    write_code(workdir, {"app.py": "import flask\n"})
    (workdir / "logo.png").write_bytes(b"\x89PNG\0\0ws\0\0")
    assert "没有搜到 ws" in finals(workdir, "项目用到 ws 了吗？")[0]


@pytest.mark.parametrize(
    "question, items",
    [("至少要有 6 盒红笔", []),
     ("给 2 个同事各买 3 盒红笔，够吗", []), ("我要 3 盒团队用的红笔，够吗", []),
     ("同事说红笔只剩 2 盒了，我要 3 盒，够吗", []), ("我要 3 个客户端", [("客户端", 3)]),
     ("老板说红笔还剩 3 盒，我要 4 盒，够吗？", []), ("5号电池 10 节多少钱？", [("5号电池", 10)]),
     ("两杯拿铁一个牛角包多少钱？", [("拿铁", 2), ("牛角包", 1)]), ("电线要 30 米，多少钱？", [("电线", 30)]),
     ("MP3 播放器要 2 个，够吗？", [("MP3播放器", 2)]), ("我要 3 包 A4纸", [("A4纸", 3)]),
     ("I need 2 boxes of red pens for each of my 3 colleagues. Enough?", []),
     ("3 colleagues want 2 notebooks each; enough?", []),
     ("Two lattes and a croissant, how much?", []),
     ("I need 2 boxes of red pens and a notebook", [])],
)  # fmt: skip
def test_speakers_and_people_decline_the_order_and_quantities_written_as_words_are_read(question, items):
    assert [(o.item, o.quantity) for p in understand(question).parts for o in p.names] == items


def test_a_word_after_an_item_in_a_follow_up_is_declined_not_guessed(inventory):
    said = finals(inventory, "我要 3 盒红笔和 1 盒蓝笔，够吗？", "那就红笔咯")[1]
    assert "认不出“那就红笔咯”问的是哪一类事" in said and "×" not in said, said


def test_a_discount_and_cups_of_a_chinese_item_are_declined_not_guessed(inventory):
    stock_file(inventory, "拿铁", 5, 28, "CNY")
    record = json.loads((inventory / "stock" / "拿铁.json").read_text(encoding="utf-8")) | {"unit": "杯"}
    (inventory / "stock" / "拿铁.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    said = finals(inventory, "红笔 3 盒打八折多少钱？", "I need 4 cups of 拿铁, enough?")  # 没听懂或认不出：不查
    assert declined(said[0]) and computed_nothing(said[1]) and "认不出“I need 4 cups of 拿铁" in said[1], said


def test_a_total_after_a_price_question_asks_for_the_quantity_again(inventory):
    said = finals(inventory, "我要 2 盒蓝笔，够吗？", "那 3 盒呢", "那红笔呢？", "单价是多少？", "一共多少钱？")[4]
    assert "没从你的问题里听出你要多少" in said and "×" not in said, said  # 问单价不带数量：不猜还是 3 盒


def test_the_code_block_of_a_setup_section_is_not_read_as_how_to_run(workdir):
    write_code(workdir, {"manage.py": "import sys\n", "README.md": "# blog\n\n## Setup\n\n```\npip install -r r.txt\n"
                         "python manage.py migrate\npython manage.py runserver\n```\n"})  # fmt: skip
    said = finals(workdir, "How do I start the dev server?")[0]  # “Setup”不是讲运行的标题：那几行都不读
    assert "migrate" not in said and "r.txt" not in said and not_read(said), said  # runserver 只是按 manage.py 猜的


def test_a_dotted_module_says_other_ways_of_importing_it_were_not_searched(workdir):
    write_code(workdir, {"pkg/web.py": "from pkg import util\n", "scripts/b.py": "import pkg.util as u\n"})
    said = finals(workdir, "Which files import pkg.util?")[0]
    assert "scripts/b.py" in said and "`from pkg import util`" in said, said


def test_a_manifest_read_in_part_is_named_when_no_entry_was_found(workdir):
    write_code(workdir, {"pyproject.toml": '[project]\nname = "b"\ndescription = "' + "x" * 60000 + '"\n'
                         '[project.scripts]\nb = "b.cli:main"\n', "b/cli.py": "def main(): pass\n"})  # fmt: skip
    said = finals(workdir, "入口是什么？")[0]
    assert "pyproject.toml 我只读到了一部分" in said, said


def test_a_manifest_read_because_it_was_included_names_its_folder_as_not_looked_into(workdir):
    write_code(workdir, {"requirements.txt": "-r requirements/base.txt\n", "requirements/base.txt": "Django==5.0.4\n",
                         "requirements/dev.txt": "pytest-django==4.8.0\n"})  # fmt: skip
    said = finals(workdir, "What tech stack does this project use?")[0]
    assert "Django 5.0.4" in said and "requirements/base.txt: read only because another manifest includes it" in said


def test_a_follow_up_quantity_after_several_items_is_declined_not_guessed(inventory):
    # 上一个问题有几种：“那 4 杯呢”是哪一种的分不清，不查、不算钱
    for name, stock, unit in (("美式", 3, "杯"), ("牛角包", 6, "个")):
        record = {"item": name, "stock": stock, "unit_price": 20, "currency": "CNY", "unit": unit}
        (inventory / "stock" / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    said = finals(inventory, "美式 2 杯、牛角包 2 个，一共多少钱？", "那 4 杯呢？")[1]
    assert computed_nothing(said) and "认不出“那 4 杯呢？”" in said and "牛角包" not in said, said


# ── 第五十八轮学习者、第二十八轮攻击：助词不拆商品名；“and a croissant”是一个；准备的几步另外说；语言问题 ──
@pytest.mark.parametrize(
    "question, items",
    [("我要 10 个嘎啦苹果，库存够吗？", [("嘎啦苹果", 10)]), ("我要 2 包咯吱饼", [("咯吱饼", 2)]),
     ("I want a red pen or two, enough stock?", []),
     ("I need a quote for 3 boxes of red pens", []),
     ("Can I get a total for 3 red pens?", []),
     ("Take a look at stock: I need 3 red pens", []), ("a pack of 10 red pens", []),
     ("I need 2 boxes of seven up", [("seven up", 2)]),
     ("is 3 kg of ground coffee enough for the week if we use 500 g a day?", []),
     ("I need 2 staplers for 3 new hires", []), ("我要 2 杯拿铁，用 2 张优惠券", []),
     ("How many staplers and how many pens are left?", [])],
)  # fmt: skip
def test_particles_make_no_item_and_articles_or_words_for_time_or_people_are_declined(question, items):
    assert [(o.item, o.quantity) for o in orders_in(question)] == items


def test_a_long_run_of_letters_and_digits_is_declined_in_linear_time():
    """一长串字母数字（贴进来的哈希、编号）不是商品名：整句不认，也不会让正则回溯到平方、立方。"""
    assert orders_in("红笔库存" + "a" * 900 + "1") == []
    assert orders_in("我要 3 盒" + "a1" * 450 + "!够吗") == []


def test_an_npm_package_with_a_dot_gets_no_python_import_note(workdir):
    write_code(workdir, {"package.json": '{"dependencies": {"socket.io": "^4"}}', "s.js": 'require("socket.io");\n'})
    said = finals(workdir, "is socket.io used?")[0]
    assert "Yes, socket.io is used" in said and "from socket import io" not in said, said


@pytest.mark.parametrize(
    "readme, lines, read",
    [("# a\n\n## How to run\n\n```\npython -m venv .venv && . .venv/bin/activate\npip install -r requirements.txt\n"
      "flask --app app.main run --port 5001\n```\n",
      ["python -m venv .venv && . .venv/bin/activate", "pip install -r requirements.txt",
       "flask --app app.main run --port 5001"], True),
     ("# a\n\n## Notes\n\nRun `python app.py --format json` to print JSON.\n", ["python app.py --format json"], False)],
)  # fmt: skip
def test_a_run_sections_code_block_is_quoted_with_its_setup_lines_and_a_sentence_is_not_read(
    workdir, readme, lines, read
):
    """“How to run”的代码块每一行（连同 pip install 这样准备的几步）照原样按顺序说出来；“## Notes”正文里的一句不读，
    只按文件类型猜，并说没找到读得懂的写法。"""
    write_code(workdir, {"README.md": readme, "app.py": "print(1)\n"})
    said = finals(workdir, "这个项目怎么运行？")[0]
    assert quoted(said, *lines) == read and not_read(said) != read, said


def test_a_language_question_answers_for_the_language(project):
    said = finals(project, "这个项目有没有用 TypeScript？", "项目里有多少个测试？")
    assert "你问到的 TypeScript：依赖清单（package.json）写的依赖里我没看到" in said[0] and "你问到的语言" in said[0], (
        said
    )
    assert "有几个用例" in said[1], said


def test_no_test_folder_says_which_folders_were_looked_in(workdir):
    write_code(workdir, {"package.json": "{}", "src/components/List.spec.js": "test()\n", "src/main.js": "x\n"})
    said = finals(workdir, "Which test files are there?")[0]
    assert "I looked in the top folder, src:" in said, said


# ── 第五十九轮学习者、第二十九轮攻击：人、时间的词只在整个名字是它时才不是商品；“a”是一个；改口换掉最后一种 ───────────
@pytest.mark.parametrize(
    "question, items",
    [("I need 2 office chairs and 3 red pens. Enough?", [("office chair", 2), ("红笔", 3)]),
     ("I need 3 red pens and 10 time cards. Enough?", [("红笔", 3), ("time card", 10)]),
     ("Can I get a notebook and 2 red pens? Enough?", "unsure"),  # 不认得的说法：说哪一句没听懂
     ("I need 2 red pens and a stapler please.", "unsure"),
     ("I need a stapler.", []),
     ("I need three red pens, two blue pens", [("红笔", 3), ("蓝笔", 2)]),
     ("I need 3 kinds of pens, enough?", "unsure"), ("I need 2 loaves of bread", [("bread", 2)]),
     ("I need 1 bunch of bananas", [("banana", 1)]), ("我要 3 盒红笔哦，够吗？", "revised"),
     ("3 瓶墨水多少人民币？", "unsure")],
)  # fmt: skip
def test_whole_words_for_people_and_time_articles_units_and_corrections(question, items):
    # 整句读（连着改口的词一起）：没听懂是 "unsure"，“哦”请用户再说一遍是 "revised"，不是库存问题是 []
    assert next((heard(p) for p in in_context(question, None).parts if p.kind == "inventory"), []) == items


def test_a_follow_up_for_each_item_is_declined_not_guessed(inventory):
    said = finals(inventory, "I need 2 boxes of red pens and 5 blue pens. Enough?", "What about 4 boxes of each?")[1]
    assert declined(said), said


def test_loaves_are_a_loaf(inventory):
    record = {"item": "bread", "stock": 5, "unit_price": 3, "currency": "GBP", "unit": "loaf"}
    (inventory / "stock" / "bread.json").write_text(json.dumps(record), encoding="utf-8")
    said = finals(inventory, "I need 2 loaves of bread. Enough in stock?")[0]
    assert "5 ≥ 2" in said, said


@pytest.mark.parametrize(
    "question",
    ["where is toSlug defined?", "In which file is price_total defined?", "price 在哪里定义的？",
     "MAX_ROUNDS 定义在哪个文件", "Where is the Widget class defined?", "Where is the /api/hello route defined?",
     "Where is toSlug imported from?", "find the definition of toSlug", "Search for where toSlug is declared",
     "帮我找一下 toSlug 的实现", "找到 toSlug 的声明", "查找 toSlug 函数的定义位置"],
)  # fmt: skip
def test_where_a_name_is_defined_is_declined_without_a_search_or_a_claim(workdir, question):
    """定义有几十种写法（def、class、const、“x =”、装饰器、字符串里的……）：离线演示不做，不搜，也不拿“用没用到”充数。"""
    write_code(workdir, {"a.py": "def toSlug(x):\n    return x\n", "src/index.js": 'app.get("/api/hello", f);\n'})
    out = run_main("--demo", "-C", str(workdir), question).stdout
    assert "[调用工具]" not in out and ("can't tell what kind" in out or "认不出" in out), out


def test_a_definition_asked_beside_another_question_is_named_as_not_done(workdir):
    write_code(workdir, {"requirements.txt": "openai\n", "a.py": "import openai\n"})
    said = finals(workdir, "Is openai used, and where is MAX_ROUNDS defined?")[0]
    assert "Yes, openai is used" in said and "did not recognise “where is MAX_ROUNDS defined”" in said, said


@pytest.mark.parametrize(
    "files, name",
    [({"cli.py": "from wordcount.core import count_words, count_lines\n"}, "count_lines"),
     ({"app/main.py": "from app import store\nfrom .store import get_item\nimport app.store\n"}, "store"),
     ({"web/api.js": 'import store from "../services/store";\n'}, "store"),
     ({"app.js": "import { countWords } from './core.js'\n"}, "countWords"),
     ({"read.py": "def requests(events):\n    return events\n", "requirements.txt": "openai\n"}, "requests"),
     ({"a.js": "import lodash from './my-own-lodash'\n"}, "lodash"),
     ({"docs.py": '"""Example:\n\nfrom helpers import render_page\n"""\n'}, "render_page"),
     ({"notes.js": "const example = `\nimport { render_page } from './dates'\n`\n"}, "render_page"),
     ({"app.js": "const Vue = window.Vue;\n"}, "Vue")],
)  # fmt: skip
def test_a_name_the_project_defines_or_imports_by_name_is_neither_used_nor_unused(workdir, files, name):
    """项目自己的名字、从自己的模块引入的名字、字符串里的 import：不是那个库的声明或引入，也不说没用到。"""
    write_code(workdir, files)
    said = finals(workdir, f"Is {name} used?")[0]
    assert f"I found no manifest declaration of {name}" in said and next(iter(files)) in said, said
    assert "Whether those use it (for example imports from the project's own modules" in said
    assert "was not found" not in said, said


@pytest.mark.parametrize(
    "files, question, said, unsaid",
    [({"main.py": "from os import path\n"}, "Is os.path used?", "`from os import path`", "xx")],
)  # fmt: skip
def test_a_dotted_name_says_how_else_it_may_be_imported(workdir, files, question, said, unsaid):
    write_code(workdir, files)
    text = finals(workdir, question)[0]
    assert said in text and unsaid not in text, text


@pytest.mark.parametrize(
    "readme, unsaid",
    [("# s\n\n## Usage with Docker\n\n```\ndocker build -t s .\n```\n\n## Running locally\n\n```\npython app.py\n```\n",
      "docker build"),
     ("# s\n\n## Usage\n\nDo not use `pip install`; output goes to `build`.\n\n```\npython app.py\n```\n", "pip"),
     ("# s\n\nFirst run `python manage.py migrate` to create the database.\n", "migrate")],
)  # fmt: skip
def test_setup_steps_come_only_from_the_run_sections_code(workdir, readme, unsaid):
    write_code(workdir, {"README.md": readme, "app.py": "print(1)\n", "manage.py": "import sys\n"})
    said = finals(workdir, "How do I run this project?")[0]
    assert unsaid not in said, said


def test_a_test_file_read_in_the_same_question_is_not_said_to_be_unread(workdir):
    write_code(workdir, {"tests/test_counter.py": "def test_words():\n    pass\n\n\ndef test_lines():\n    pass\n"})
    said = finals(workdir, "What does tests/test_counter.py test, and how many test functions are there?")[0]
    assert "def test_lines" in said and "did not read them" not in said, said


@pytest.mark.parametrize("question", ["哪个文件里有多少行？", "拿铁和美式哪个库存多？"])
def test_which_one_is_more_is_declined_only_about_stock(question):
    assert bool(understand(question).parts) == question.startswith("哪个文件")


# ── 第六十轮学习者、第三十轮攻击：改口换掉说了不要的那种；没写币种不是币种不一样；“enough tape for 20 rolls” ──
@pytest.mark.parametrize(
    "question, items",
    [("I need 10 number two pencils. Enough?", [("number two pencil", 10)]),
     ("I need 3 bunches of grapes. Enough?", [("grape", 3)]), ("我要 2 个人民币钱包", []),
     ("Each of my 3 colleagues needs a red pen. Enough?", [])],
)  # fmt: skip
def test_corrections_replace_the_item_said_no_to_and_names_keep_their_words(question, items):
    assert [(o.item, o.quantity) for o in orders_in(question)] == items


def test_a_record_with_no_currency_is_not_added_to_others(inventory):
    (inventory / "stock" / "胶水.json").write_text('{"item": "胶水", "stock": 6, "unit_price": 4}', encoding="utf-8")
    said = finals(inventory, "我要 2 瓶胶水和 3 盒红笔，够吗？一共多少钱？")[0]
    assert "有的数据没写币种" in said and "币种不一样" not in said and "= " not in said.split("都够")[-1], said


def test_enough_of_an_item_for_a_number_of_its_units_is_compared_in_those_units(inventory):
    record = {"item": "tape", "stock": 12, "unit_price": 2, "currency": "EUR", "unit": "roll"}
    (inventory / "stock" / "tape.json").write_text(json.dumps(record), encoding="utf-8")
    said = finals(inventory, "Is there enough tape for 20 rolls?")[0]  # 数据的单位也是 roll：照订单比
    assert "Not enough" in said and "12 < 20" in said and "roll.json" not in said, said


def test_asking_whether_a_file_exists_is_no_content_search(workdir):
    write_code(workdir, {"pyproject.toml": "[project]\nname = 'w'\n"})
    assert "没有搜到" not in finals(workdir, "有没有 pyproject.toml？")[0]


# ── 第六十一轮学习者、第三十一轮攻击：改口只换掉说到的那种；问新商品的价钱不沿用数量 ───────────────────────────────
@pytest.mark.parametrize(
    "question, items",
    [("I need 2 salad bowls and 2 red pens. Enough?", [("salad bowl", 2), ("红笔", 2)]),
     ("Is there enough tape for 20 rolls and 5 notebooks?", []),
     ("and how many staplers do you have?", [("stapler", None)])],
)  # fmt: skip
def test_a_correction_replaces_only_the_item_it_names(question, items):
    assert [(o.item, o.quantity) for o in orders_in(question)] == items


@pytest.mark.parametrize(
    "first, then",
    [("我要 3 盒红笔，够吗？", "蓝笔多少钱？"), ("我要 3 盒红笔，够吗？", "蓝笔多少钱一盒？"),
     ("I need 3 boxes of red pens. Enough?", "how much is tape?")],
)  # fmt: skip
def test_a_price_question_about_another_item_keeps_no_quantity(inventory, first, then):
    said = finals(inventory, first, then)[1]
    assert "沿用" not in said and "Same quantity" not in said, said


# ── 第六十二轮学习者：接着问一种没问过的英文商品的价钱，不拿上一种充数 ────────────────────────────────────────
@pytest.mark.parametrize("then, read", [("What does a stapler cost?", "25"), ("How much is a roll of tape?", "")])
def test_a_price_question_about_a_new_english_item_is_never_the_last_item(inventory, then, read):
    stock_file(inventory, "stapler", 4, 25)
    text = finals(inventory, "I need 3 boxes of red pens. Enough?", then)[1]
    # 读问的那一种（没有 tape.json：说读不到）
    assert (read in text and "stapler" in text) if read else ("stock/tape.json" in text and computed_nothing(text))
    assert "Same items" not in text and "Red pens" not in text, text


@pytest.mark.parametrize("question", ["I need 3 pouches of tea. Enough?", "Do we have enough rice for 20 bowls?"])
def test_pouches_of_an_item_or_enough_for_some_bowls_are_declined_not_guessed(question):
    assert not orders_in(question)


@pytest.mark.parametrize("then, total", [("how much are those?", True), ("how much is my order?", False)])
def test_pointing_back_at_the_order_is_its_total_or_declined(inventory, then, total):
    said = finals(inventory, "I need 3 boxes of red pens. Enough?", then)[1]
    assert ("3 × 12 = 36" in said) if total else declined(said), said


# ── 第六十三轮：商品名里有说话用的字（加湿器、请柬、文件夹、多功能笔）：不拆成半个名字，读不到就看一眼目录 ──────
@pytest.mark.parametrize(
    "question, items",
    [("我要 2 个文件夹", [("文件夹", 2)]), ("3 根数据线多少钱", [("数据线", 3)]), ("要 2 张请柬", []),
     ("我需要 5 卷胶带和 10 个文件夹，一共多少钱？", [("胶带", 5), ("文件夹", 10)]), ("我要 2 个发夹吧", [("发夹", 2)]),
     ("3 盒红笔外加 2 盒蓝笔", [("红笔", 3), ("蓝笔", 2)]), ("3 盒还要花多少钱", []),
     ("我要 2 个", [])],  # 只听出数量：不猜商品
)  # fmt: skip
def test_a_name_holding_words_of_speech_is_read_whole_after_its_unit(question, items):
    assert [(o.item, o.quantity) for o in orders_in(question)] == items


@pytest.mark.parametrize(
    "name, question, read",
    [("加湿器", "我要 2 台加湿器，多少钱？", True), ("加湿器", "加湿器 2 台够吗", True),
     ("不锈钢杯", "要 2 个不锈钢杯，够吗？", False)],
)  # fmt: skip
def test_a_name_with_words_of_speech_is_read_whole_or_declined_without_a_listing(inventory, name, question, read):
    stock_file(inventory, name, 5, 10, "CNY")
    out = run_main("--demo", "-C", str(inventory), question)
    said = out.stdout.split("[最终回复]")[-1]
    assert "list_files" not in out.stdout, out.stdout  # 不看目录拼名字：要么整个名字读出来，要么不查
    if read:
        assert f"stock/{name}.json" in out.stdout and f"{name}库存 5" in said and "2 × 10 = 20" in said, said
    else:  # 名字里有“不”：没听懂或认不出，不查
        assert computed_nothing(said) and ("没听懂" in said or "认不出" in said), said


def test_a_missing_item_is_said_missing_and_lists_nothing_whatever_the_order_of_its_words(inventory):
    out = run_main("--demo", "-C", str(inventory), "我要 2 台湿器，多少钱？")
    assert "没能读到湿器的库存" in out.stdout and "list_files" not in out.stdout, out.stdout
    out = run_main("--demo", "-C", str(inventory), "我要湿器 2 台，多少钱？")
    assert "没能读到湿器的库存" in out.stdout and "list_files" not in out.stdout, out.stdout


# ── 第六十三轮：不用了、不需要也是不要；每样、每种都要是各；数量落不到商品上就问 ─────────────────────────────────
@pytest.mark.parametrize(
    "question, items",
    [("红笔和蓝笔每样 2 盒，够吗？", []),
     ("红笔和蓝笔每种都要 2 盒", []),
     ("一盒红笔两盒蓝笔多少钱", [("红笔", 1), ("蓝笔", 2)]), ("一盒红笔一盒蓝笔多少钱", [("红笔", 1), ("蓝笔", 1)]),
     ("I need 20 test tubes. Enough in stock? How much?", []),  # test 是说测试的词：不当商品名，不查
     ("I need 3 red pens, 2 of them urgent. Total?", [])],
)  # fmt: skip
def test_each_kind_and_some_of_them_are_declined_and_quantities_in_words_are_read(question, items):
    said = [(o.item, o.quantity) for p in understand(question).parts if p.kind == "inventory" for o in p.names]
    assert said == items


def test_code_run_by_node_e_is_no_entry_file(workdir):
    write_code(
        workdir, {"package.json": '{"name": "p", "scripts": {"start": "node -e \\"require(\'./lib/boot\').run()\\""}}'}
    )
    said = finals(workdir, "What is the entry point?")[0]
    assert "require(" not in said and "The entry point is" not in said, said


def test_a_command_in_backticks_under_another_run_heading_is_not_read(workdir):
    write_code(workdir, {"README.md": "# 报表\n\n## 怎么跑\n\n生成报表：`python scripts/report.py --month 5`\n",
                         "scripts/report.py": "print(1)\n"})  # fmt: skip
    said = finals(workdir, "怎么运行这个项目？")[0]  # “怎么跑”不是认得的标题，命令也不在代码块里：说没找到读得懂的写法
    assert "report.py" not in said and not_read(said), said


# ── 第六十三轮：带字母、数字的名字连着“和”写，每种都读；接着问的颜色、数量、改口 ─────────────────────────────────
@pytest.mark.parametrize(
    "question, items",
    [("我要 A4纸 和 红笔 各 2 盒，够吗？", set()),  # 词和词之间隔着空白：不猜
     ("A4纸和U盘还有多少？", {("A4纸", None), ("U盘", None)}),
     ("红笔 和 5号电池 还有多少？", set()),
     ("5号电池和红笔还有多少？", {("红笔", None), ("5号电池", None)}),
     ("How much is 3 kg of 咖啡豆?", set())],
)  # fmt: skip
def test_glued_names_joined_by_and_and_corrections_naming_an_item_are_read(question, items):
    said = {(o.item, o.quantity) for p in understand(question).parts if p.kind == "inventory" for o in p.names}
    assert said == items


def test_a_colour_alone_in_a_follow_up_is_declined_not_guessed(inventory):
    then = finals(inventory, "我需要 3 盒红笔，够吗？", "那蓝色的呢？")[1]  # 只说了颜色：不猜是蓝笔，说认不出
    assert "认不出“那蓝色的呢？”" in then and computed_nothing(then) and "stock/" not in then, then


def test_a_follow_up_naming_a_new_item_beside_an_old_one_lends_neither_a_quantity(inventory):
    said = finals(inventory, "我要 3 盒红笔", "蓝笔和红笔一共多少钱？")[1]
    assert "你需要 3 盒" not in said and "×" not in said and "没从你的问题里听出你要多少" in said, said


def test_a_bare_number_after_a_lent_quantity_takes_no_lent_unit(inventory):
    stock_file(inventory, "water", 20, 1.5)
    (inventory / "stock" / "notebook.json").write_text(
        '{"item": "notebook", "stock": 40, "unit": "piece", "unit_price": 3, "currency": "USD"}', encoding="utf-8"
    )
    said = finals(inventory, "I need 8 bottles of water. Enough?", "what about notebooks?", "what if I need 45?")[2]
    assert "40 < 45" in said and "45 bottles" not in said, said


def test_an_item_said_no_to_in_an_english_follow_up_is_dropped(inventory):
    said = finals(inventory, "I need 3 red pens and 2 blue pens", "no blue pens after all, total?")[1]
    assert "say the whole order again" in said and "Blue" not in said, said  # 说了不要哪一种：不替用户改订单


# ── 第三十三轮攻击：名字在数量前面、没有标点；英文里没带颜色的商品、a 后面两个词的商品 ──────────────────────────────
@pytest.mark.parametrize(
    "question, items",
    [("红笔要3盒蓝笔也要够吗", []),
     ("红笔要3盒蓝笔也要，够吗？", []),
     ("办公室要 2 盒红笔和 1 盒蓝笔，够吗？", []),
     ("考试需要 3 盒红笔和 2 本笔记本", []),
     ("红笔 3 盒 笔记本 2 本 铅笔 多少钱", []),
     ("我要3盒红笔2盒蓝笔", [("红笔", 3), ("蓝笔", 2)]),
     ("I need 3 of each: notebooks and red pens. Total?", []),
     ("What is the stock of notebooks and red pens?", []),
     ("I need 3 red pens and 2 blue pens. Are the pens in stock?", []),
     ("2 red pens, a notebook and 3 pencils. Total?", []),
     ("I need 2 red pens and a notebook for my son, total?", []),
     ("2 red pens and a large notebook, total?", []), ("I need a new one", [])],
)  # fmt: skip
def test_an_order_is_read_whole_or_declined_whatever_the_order_of_its_words(question, items):
    assert [(o.item, o.quantity) for o in orders_in(question)] == items


@pytest.mark.parametrize(
    "question",
    ["How much would 2 staplers, 4 notebooks and 1 kg of coffee cost in total?",
     "Actually make it 2 boxes of 红笔 and 1 of 蓝笔.", "红笔加蓝笔总共 3 盒"],
)  # fmt: skip
def test_a_total_over_items_or_of_before_a_chinese_name_is_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]  # 不是认得的说法：不猜数量，什么也不查


def test_how_to_get_it_running_is_part_of_the_entry_question():
    assert not understand("这个项目的入口文件是什么？怎么跑起来？").unknown


# ── 第六十三轮学习者：integration_tests 也是测试目录；Makefile 的 test 目标是跑测试的命令 ──────────────
def test_a_folder_named_for_a_kind_of_tests_is_a_test_folder_and_make_test_runs_them(workdir):
    write_code(workdir, {"tests/test_a.py": "def test_a(): pass\n", "integration_tests/test_b.py": "def test_b(): 1\n",
                         "Makefile": "test:\n\tpytest -q tests integration_tests\n"})  # fmt: skip
    said = finals(workdir, "How do I run the tests?")[0]
    assert "integration_tests/test_b.py" in said and "`make test`" in said and "pytest -q tests integration" in said, (
        said
    )


# ── 第三十四轮攻击、第六十四轮学习者：名字、数量旁边还有别的话（有线鼠标、不锈钢杯、能打折吗）：不猜，什么也不查 ──
@pytest.mark.parametrize(
    "question, items",
    [("红笔 2 盒要花多少钱？", "unsure"),
     ("红笔 3 盒行不行", "unsure"), ("红笔 2 盒能打折吗？", "unsure"), ("红笔 3 盒不用包装", "unsure"),
     ("要 2 个不锈钢杯", "unsure"), ("3 盒多红笔", "unsure"), ("红笔和蓝笔每种颜色 2 盒", "unsure"),
     ("How many test tubes are left?", "unsure")],
)  # fmt: skip
def test_a_name_and_quantity_with_other_words_around_them_are_declined_not_guessed(question, items):
    assert kinds(question) == [("inventory", items)]  # 名字、数量旁边还有别的话：不猜，什么也不查


def test_two_names_one_inside_the_other_beside_a_quantity_are_declined_not_guessed(inventory):
    """“无线鼠标”“有线鼠标”都写在问题里：这一句不是认得的说法，不猜是哪一种、要多少，什么也不查，说认不出。"""
    stock_file(inventory, "无线鼠标", 9, 50, "CNY")
    stock_file(inventory, "有线鼠标", 1, 50, "CNY")
    out = run_main("--demo", "-C", str(inventory), "上次的无线鼠标不好用，这次要有线鼠标 2 个，够吗？")
    said = out.stdout.split("[最终回复]")[-1]
    assert "[调用工具]" not in out.stdout and "上次的无线鼠标" in said and declined(said), out.stdout


def test_no_hurry_is_declined_not_read_as_a_drop_and_a_colour_is_no_other_item(inventory):
    said = finals(inventory, "红笔 3 盒，蓝笔 1 盒，蓝笔不用急，一共多少钱")[0]  # 没听懂的一句：不查，不当成不要了
    assert declined(said) and "“蓝笔不用急”这一句我没听懂" in said, said
    stock_file(inventory, "白板笔", 5, 3, "CNY")
    stock_file(inventory, "黑板笔", 100, 3, "CNY")
    out = run_main("--demo", "-C", str(inventory), input="白板笔 3 支够吗？\n那黑色的呢？\n")
    assert "stock/黑板笔.json" not in out.stdout, out.stdout


def test_a_require_after_an_apostrophe_in_a_string_is_an_import(workdir):
    write_code(
        workdir, {"package.json": '{"name": "p"}', "index.js": "const g = \"Don't panic\", _ = require('lodash');\n"}
    )
    assert "lodash is used" in finals(workdir, "Is lodash used anywhere?")[0]


def test_a_question_on_what_npm_test_runs_reads_the_script(workdir):
    write_code(
        workdir, {"package.json": '{"name": "x", "scripts": {"test": "mocha test/"}}', "test/a.test.js": "it()\n"}
    )
    assert "mocha test/" in finals(workdir, "What does npm test run?")[0]


def test_a_number_with_only_a_particle_after_it_is_counted_once(inventory):
    said = finals(inventory, "3 盒红笔够吗？", "那红笔要 4 呢？")[1]
    assert "4 + 4" not in said, said


def test_a_section_on_wrong_usage_is_no_run_section(workdir):
    write_code(
        workdir, {"README.md": "# x\n\n## 常见错误用法\n\n```\npython bad.py --force\n```\n", "app.py": "print(1)\n"}
    )
    said = finals(workdir, "怎么运行这个项目？")[0]  # 标题不是以“运行”“用法”开头：不是讲运行的一节，按文件类型猜
    assert "bad.py" not in said and "`python app.py`" in said and not_read(said), said


# ── 第三十五轮攻击：上一轮的改动在相邻说法上的回退 ─────────────────────────────────────────────────────────
def test_the_listing_is_not_used_where_the_short_name_is_also_written_alone(inventory):
    stock_file(inventory, "笔记本电脑", 4, 5000, "CNY")
    out = run_main("--demo", "-C", str(inventory), input="请问笔记本电脑的单价是多少？\n我要笔记本 3 本，够吗？\n")
    assert "15000" not in out.stdout and "没能读到笔记本的库存" in out.stdout, out.stdout


def test_the_makefile_test_target_comes_first_and_only_folders_are_test_folders(workdir):
    write_code(workdir, {"Makefile": "check:\n\truff check .\n\ntest:\n\t# fast\n\tpytest -q\n", "tests/t.py": "1\n",
                         "test-results/a.json": "{}\n", "test_data/in.csv": "a\n", "run-tests": "x\n"})  # fmt: skip
    said = finals(workdir, "有哪些测试文件？怎么跑测试？")[0]
    assert "`make test`" in said and "pytest -q" in said and "test-results" not in said and "test_data" not in said, (
        said
    )


def test_a_section_on_wrong_usage_in_english_is_no_run_section(workdir):
    write_code(workdir, {"README.md": "# t\n\n## Wrong usage\n\n```\npython tool.py --delete-everything\n```\n"})
    assert "“Wrong usage” section" not in finals(workdir, "How do I run it?")[0]


# ── 第六十五轮学习者：讲测试的一节里的命令都说出来；怎么跑 linter、集成测试不是怎么启动项目 ────────────────────
def test_commands_in_the_prose_of_a_testing_section_are_not_read_and_other_tools_are_not_the_start(workdir):
    """“## Testing”正文里反引号中的命令不是 shell 代码块：一条也不说，说没找到读得懂的写法；
    集成测试、linter 不是启动。"""
    write_code(workdir, {"README.md": "# api\n\n## Usage\n\n    make run\n\n## Testing\n\nUnit tests: `make test`.\n\n"
                         "Integration tests need a database: `make integration`\n\nOr `tox`, or `pytest -x`.\n",
                         "tests/test_a.py": "def test_a(): pass\n"})  # fmt: skip
    said = finals(workdir, "How do I run the tests?", "How do I run the integration tests?", "How do I run the linter?")
    assert not any(c in said[0] for c in ("make test", "make integration", "tox", "pytest -x")), said[0]
    assert not_read(said[0]), said[0]
    assert "make run" not in said[1] + said[2], said
    assert not understand("怎么运行 lint？").parts and [p.kind for p in understand("怎么运行集成测试？").parts] != [
        "entry"
    ]


def test_an_error_cut_in_the_middle_is_still_an_error():
    from support.demo.facts import read

    said = read(
        "read_file",
        {"path": "stock/x.json"},
        "错误：/tmp/a/very/long\n…（中间省略了 63 个字符）…\nch file or directory",
    )
    assert said.state == "error" and read("read_file", {"path": "a"}, "1\t错误：x\n2\ty").state != "error"


@pytest.mark.parametrize("question", ["gunicorn 是干什么用的？", "what does nodemon do?"])
def test_what_a_library_is_for_is_not_what_the_project_does(question):
    assert [p.kind for p in understand(question).parts] != ["about"]


def test_fields_not_read_are_named_and_a_price_in_another_currency_is_declined(inventory):
    (inventory / "stock" / "纸杯.json").write_text(
        '{"item": "纸杯", "stock": 300, "unit_price": 0.3, "currency": "CNY", "note": "另有 200 个在仓库"}',
        encoding="utf-8",
    )
    said = finals(inventory, "我要 400 个纸杯，够吗？")[0]
    assert "还有 note 字段" in said, said
    said = finals(inventory, "How much is one 红笔 in CNY?")[0]
    assert declined(said) and "How much is one 红笔 in CNY" in said, said


# ── 第三十六轮攻击：再一次回退（主语、打包、把 X 拿走、for me、plus、红笔和红笔芯、帮宝适） ────────────────────────
def test_backtick_commands_under_testing_and_under_a_heading_with_more_words_are_not_read(workdir):
    """“## Testing”下面反引号中的命令、“## 运行（别忘了 .env）”（标题里还有别的话）的都不读：说没找到读得懂的写法。"""
    write_code(workdir, {"README.md": "# p\n\n## 运行（别忘了 .env）\n\n`python main.py -c .env`\n\n## Testing\n\n"
                         "`pytest`\n\n`docker compose down -v`\n\n### Don't do this\n\n`python scripts/reset_db.py`\n",
                         "tests_old/test_y.py": "def test_y(): pass\n"})  # fmt: skip
    said = finals(workdir, "How do I run the tests?", "怎么运行这个项目？", "which tests are there?")
    assert "`pytest`" not in said[0] and "down -v" not in said[0] and "reset_db" not in said[0], said[0]
    assert "python main.py" not in said[1] and not_read(said[0]) and not_read(said[1]), said
    assert "tests_old/test_y.py" in said[2], said[2]


def test_a_name_starting_with_a_word_of_speech_is_found_in_the_listing(inventory):
    stock_file(inventory, "帮宝适", 9, 90, "CNY")
    said = finals(inventory, "要 1 盒红笔，2 包帮宝适，一共多少钱？")[0]
    assert "12 + 180 = 192" in said, said


@pytest.mark.parametrize(
    "question", ["How do I run the integration tests?", "怎么运行集成测试？", "how do I run the e2e tests?"]
)
def test_a_kind_of_tests_the_demo_cannot_tell_apart_is_declined_not_answered_with_all_tests(question):
    assert not understand(question).parts


# ── 第六十六轮学习者：unit price 的 unit 不是商品；括号里的中文名；README 里写着装好的命令加参数 ─────────────────────
@pytest.mark.parametrize(
    "question",
    ["What is the unit price of 文件夹?", "What is the price of markers (马克笔)?",
     "What is the unit price of markers (马克笔)?"],
)  # fmt: skip
def test_a_price_of_a_chinese_name_or_a_name_in_brackets_is_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]


# “Run”下面缩进的 wc-tool FILE、正文里的 python -m wc FILE 不读：只说装好以后执行 pyproject.toml 写的命令
def test_an_installed_command_is_how_to_run_and_indented_or_prose_readme_lines_are_not_read(workdir):
    write_code(workdir, {"pyproject.toml": '[project]\nname = "wc"\n\n[project.scripts]\nwc-tool = "wc.cli:main"\n',
                         "README.md": "# wc\n\n## Run\n\n    wc-tool FILE\n\nor `python -m wc FILE`\n"})  # fmt: skip
    said = finals(workdir, "How do I run this project?")[0]
    assert "run `wc-tool`." in said and "FILE" not in said and "python -m wc" not in said, said


# ── 第三十七轮攻击：打孔机、帮我算、5 号电池、都要、黑笔要 4 盒、I have notebooks、旧的方式、怎么跑 e2e ─────────────
def test_backtick_commands_under_run_and_test_headings_are_not_read_and_e2e_is_no_project_start(workdir):
    """“## 运行”“## 测试”下面反引号中的命令不是 shell 代码块：不读，说没找到读得懂的写法；“怎么跑 e2e”不是启动。"""
    readme = "# p\n\n## 不要这样运行\n\n`python old_main.py`\n\n## 运行\n\n`python src/app.py`\n\n## 测试\n\n"
    readme += "`docker compose run --rm web pytest`\n"
    write_code(workdir, {"README.md": readme, "test-logs/run.log": "x\n", "tests/test_a.py": "1\n"})
    said = finals(workdir, "怎么运行这个项目？", "怎么跑测试？", "怎么跑 e2e")
    assert "python src/app.py" not in said[0] and "old_main" not in said[0] and not_read(said[0]), said[0]
    assert "--rm web pytest" not in said[1] and "test-logs" not in said[1] and not_read(said[1]), said[1]
    assert "python src/app.py" not in said[2], said[2]
    assert [p.kind for p in understand("which integration tests are there?").parts] == ["tests"]


# ── 第三十八轮攻击：不用多订、Do you have pencils、test_regression/ ─────────────────────────────────────────────
@pytest.mark.parametrize(
    "question, items",
    [("我要 2 盒红笔和 1 盒蓝笔，蓝笔不用多订", "unsure"), ("Do you have pencils and 3 red pens in stock?", "unsure")],
)  # fmt: skip
def test_not_ordering_extra_or_asking_whether_they_have_it_beside_an_order_is_declined(question, items):
    assert kinds(question) == [("inventory", items)]  # 订单旁边还有别的话：不猜有没有去掉哪样，什么也不查


def test_folders_named_for_kinds_of_tests_are_test_folders(workdir):
    write_code(
        workdir, {f"{d}/test_{i}.py": "1\n" for i, d in enumerate(["specs", "test_regression", "tests-acceptance"])}
    )
    said = finals(workdir, "Which test files are there?")[0]
    assert all(d in said for d in ("specs/test_0.py", "test_regression/test_1.py", "tests-acceptance/test_2.py")), said


# ── 第六十七轮学习者：A4 paper 听得懂；括号里的中文名、接着问另一种商品的单价（tape (胶带) per roll）：不猜 ──────────
def test_a_price_question_about_another_item_in_brackets_is_declined_not_answered_for_the_last(inventory):
    stock_file(inventory, "stapler", 3, 18.9, "CNY")
    stock_file(inventory, "胶带", 12, 3.5, "CNY")
    said = finals(inventory, "I need 3 staplers. Enough?", "How much is the tape (胶带) per roll?")[1]
    assert computed_nothing(said) and "can't tell what kind" in said and "56.7" not in said, said


# ── 第六十八轮学习者：README 第二种运法前的 build；每个文件的行数；没有清单时的版本；只问单价的那一种；the blue ones ──
# “How to run”下面只有缩进的代码（不是 ``` 代码块）：不读，哪一条都不说，说没找到读得懂的写法
@pytest.mark.parametrize(
    "setup, then",
    [("go build -o greeter ./cmd/greeter", "./greeter"),
     ("make build", "./bin/greeter --name Ann"),
     ("cargo build --release", "./target/release/greeter")],
)  # fmt: skip
def test_indented_commands_under_how_to_run_are_not_read(workdir, setup, then):
    readme = f"# greeter\n\n## How to run\n\n    go run ./cmd/greeter\n\nOr:\n\n    {setup}\n    {then}\n"
    write_code(workdir, {"README.md": readme})
    for said in finals(workdir, "How do I run it?", "怎么运行？"):
        assert setup not in said and then not in said and "go run" not in said, said
        assert not_read(said), said


@pytest.mark.parametrize(
    "question",
    ["src 目录下每个文件有多少行？", "Count the lines of every file in src", "统计 src 下所有文件的行数",
     "how many lines does each file in src have?"],
)  # fmt: skip
def test_the_lines_of_every_file_in_a_folder_count_each_listed_file_and_name_the_subfolders(workdir, question):
    write_code(workdir, {"src/index.js": "a\nb\n", "src/notes.txt": "x\n", "src/lib/deep.js": "1\n"})
    said = finals(workdir, question, args=("--yes",))[0]
    assert "src/index.js" in said and "src/notes.txt" in said and "*.py" not in said, said
    assert "src/lib/" in said and "deep.js" not in said, said  # 子目录没有数：说出来


@pytest.mark.parametrize("question", ["统计当前目录下每个文件的行数", "count the lines of every file here"])
def test_every_file_at_the_top_counts_python_files_and_never_says_no_kind_was_given(workdir, question):
    write_code(workdir, {"app.py": "1\n", "notes.txt": "x\n"})
    said = finals(workdir, question, args=("--yes",))[0]
    assert "没说" not in said and "did not say" not in said and (".py" in said), said


@pytest.mark.parametrize(
    "question, said",
    [("这个项目是做什么的？需要哪个 Python 版本？", "判断不出技术栈和版本"),
     ("What does this project do, and which Python version does it need?", "tech stack or its versions")],
)  # fmt: skip
def test_a_version_question_without_a_manifest_says_the_version_was_not_found(workdir, question, said):
    write_code(workdir, {"README.md": "# csv-tools\n\nCleans CSV files.\n\nNeeds Python 3.9+.\n", "clean.py": "1\n"})
    answer = finals(workdir, question)[0]
    assert "Cleans CSV files." in answer and said in answer, answer


@pytest.mark.parametrize(
    "question, read",
    [("蓝笔 2 盒够吗？红笔多少钱？", True), ("蓝笔 2 盒够吗？顺便告诉我红笔的价格。", False),
     ("Are 2 boxes of blue pens enough? Also, what's the price of red pens?", False)],
)  # fmt: skip
def test_an_item_asked_without_a_quantity_beside_an_order_is_not_called_unclear_or_is_declined(
    inventory, question, read
):
    said = finals(inventory, question)[0]
    if not read:  # 不是认得的说法：不猜，什么也不查
        assert declined(said), said
        return
    assert "情况不清楚" not in said and "12" in said and "16" in said and "没有算进去" in said, said


@pytest.mark.parametrize("noun, file", [("markers", "blue marker"), ("sticky notes", "blue sticky note")])
def test_the_blue_ones_after_an_english_item_are_not_understood_not_guessed(inventory, noun, file):
    (inventory / "AGENTS.md").write_text("Stock lives in `stock/<item>.json` (English item names).\n", encoding="utf-8")
    stock_file(inventory, noun.removesuffix("s"), 12, 3)
    stock_file(inventory, file, 4, 3.5)
    said = finals(inventory, f"I need 3 {noun}. Enough in stock?", "and the blue ones?")
    assert "12 ≥ 3" in said[0] and "can't tell what kind of question" in said[1] and "stock/" not in said[1], said


# ── 第三十九轮攻击：改口、说不要哪一种、换一种，订单变成什么不替用户猜：不查库存，请他把整个订单再说一遍 ────────────
REVISIONS = [
    "我要 5 盒红笔，不对，是 4 盒，够吗？", "我要 3 盒红笔和 2 盒蓝笔，蓝笔不要了，一共多少钱？",
    "3 盒红笔，2 本笔记本，笔记本不需要带格子的，多少钱？", "我要 3 盒红笔，不对，我是说 1 盒蓝笔，一共多少钱？",
    "我要 2 支钢笔和 3 卷胶带……不好意思，是 3 本笔记本。够吗？", "我需要3盒红笔但不要蓝笔", "红笔 3 盒，把蓝笔拿走",
    "I need 3 red pens, actually, 2 of them. Enough?", "I need 3 red pens, no wait, 6. Enough?",
    "I need 3 red pens and 2 blue pens, sorry, not the red pens. Total?",
    "I need 4 notebooks and 2 red pens, no notebooks.",
    "I need 3 red pens and 1 blue pen, drop the blue pen. Total?", "I need 2 red pens instead of pencils. Total?",
]  # fmt: skip
FOLLOW_UP_REVISIONS = [
    "蓝笔不要了", "把红笔换成蓝笔，够吗", "红笔改成 4 盒，要加急", "那蓝笔少要一点，改成 1 盒呢",
    "红笔算了，一共多少钱？",
    "make it 4", "actually forget the blue one, just the red pens. total?", "no blue pens after all, total?",
    "Remove 1 box from the red pens. Total?", "2 blue ones instead of the red?",
]  # fmt: skip


@pytest.mark.parametrize("question", REVISIONS)
def test_an_order_changed_in_the_same_question_is_asked_again_with_nothing_checked(inventory, question):
    out = run_main("--demo", "-C", str(inventory), question)
    said = out.stdout.split("[最终回复]")[-1]
    assert "[调用工具]" not in out.stdout and "×" not in said, out.stdout
    assert "请把要的商品和数量完整地再说一遍" in said or "say the whole order again" in said, said


@pytest.mark.parametrize("then", FOLLOW_UP_REVISIONS)
def test_an_order_changed_in_a_follow_up_is_asked_again(inventory, then):
    said = finals(inventory, "I need 3 red pens and 2 blue pens. Enough?", then)[1]
    assert "×" not in said and ("完整地再说一遍" in said or "say the whole order again" in said), said


@pytest.mark.parametrize(
    "question, said",
    [("我把红笔的库存改成 2 盒了，还够 3 盒吗？", None),
     ("红笔 3 盒，蓝笔 1 盒，蓝笔不用急，一共多少钱", None), ("Is it not enough for 3 red pens?", None),
     ("I need 3 red pens. If not, how many are there?", None)],
)  # fmt: skip
def test_words_near_a_change_that_change_nothing_are_answered_or_declined_not_asked_again(inventory, question, said):
    answer = finals(inventory, question)[0]  # None：说法没听懂，不查；也不当成改了订单
    assert said in answer if said else declined(answer), answer
    assert "分不清订单" not in answer and "changes the order" not in answer, answer


# ── 第三十九轮攻击：一个数量夹在两种商品中间；仓库里红笔；5 号电池；标题括号里的附注；括号里的颜色；连写的两种商品 ──
def test_a_quantity_between_two_names_is_not_called_missing(inventory):
    said = finals(inventory, "红笔 3 盒 蓝笔，够吗？")[0]
    assert declined(said) and "“红笔 3 盒 蓝笔”" in said and "你没说" not in said, said


@pytest.mark.parametrize("question", ["红笔要 3 盒，外加 2 盒备用", "我要 4 盒红笔减去 1 盒蓝笔的钱，多少钱？"])
def test_spare_boxes_and_a_subtraction_are_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]


@pytest.mark.parametrize(
    "heading",
    ["Testing (avoid the production database)", "Testing bad inputs and edge cases", "测试（别用生产数据库）",
     "Running tests on old versions of Python"],
)  # fmt: skip
def test_a_testing_heading_with_a_note_or_a_topic_and_indented_code_is_not_read(workdir, heading):
    write_code(workdir, {"README.md": f"# calc\n\n## {heading}\n\n    ./scripts/test.sh\n"})
    said = finals(workdir, "How do I run the tests?")[0]  # 标题有别的字、命令是缩进的：都不读，说不出来
    assert "test.sh" not in said and not_read(said), said


# ── 第六十九轮学习者：英文里数库存加起来；a box of / a roll of 的量词不是商品；“另一个仓库”不是数量 ──────────────────
@pytest.mark.parametrize(
    "question, added",
    [("How many red pens and blue pens do we have in total?", False),
     ("What is the combined stock of red pens and blue pens?", False), ("红笔和蓝笔加起来一共还有多少库存？", True)],
)  # fmt: skip
def test_the_stock_of_several_items_added_up_is_added_in_chinese_and_declined_in_english(inventory, question, added):
    said = finals(inventory, question)[0]
    if not added:  # 英文的这两种说法没听懂：不猜，什么也不查
        assert declined(said), said
        return
    assert "5 + 2 = 7" in said and "没有算进去" not in said, said


@pytest.mark.parametrize(
    "question, read",
    [("How much is a box of red pens, and how many boxes are left?", None),
     ("How much tape is in stock and what does a roll cost?", None),
     ('这是另一个仓库的记录：{"item":"红笔","stock":10,"unit_price":11,"currency":"CNY"}。我要 6 盒红笔，够吗？', "")],
)  # fmt: skip
def test_a_unit_or_another_place_is_no_item(inventory, question, read):
    stock_file(inventory, "tape", 9, 1.5)
    out = run_main("--demo", "-C", str(inventory), question)
    calls = re.findall(r'read_file\(\{"path": "([^"]+)"\}\)', out.stdout)
    assert calls == ([read] if read else []), out.stdout
    assert read is not None or declined(out.stdout.split("[最终回复]")[-1]), out.stdout  # None：没听懂，不查


# ── 第四十轮攻击：没有订单、没改订单的问题不算改口；更多改口的说法；急用、备货、spare；一些蓝笔；废弃的一节 ──
@pytest.mark.parametrize(
    "question, said",
    [("我要 3 盒红笔，一共 36 元对不对？", None), ("红笔还有多少库存？我不需要买，只是看看", None),
     ("I need 3 boxes of red pens, not urgent. Enough?", None),
     ("Are red pens in stock? Sorry, just asking.", None), ("我需要 3 盒红笔，需不需要多买？", None),
     ("红笔3盒急用够吗？", None), ("红笔 3 盒 谢谢，够吗？", None)],
)  # fmt: skip
def test_questions_that_change_no_order_are_answered_or_declined_not_asked_again(inventory, question, said):
    answer = finals(inventory, question)[0]  # None：说法没听懂，不查
    assert said in answer if said else declined(answer), answer
    assert "分不清订单" not in answer and "changes the order" not in answer, answer


@pytest.mark.parametrize("workdir_question", ["How many endpoints does the app have, not including admin ones?",
                                              "这个项目还剩几个 TODO？不是 FIXME。"])  # fmt: skip
def test_a_project_question_is_never_called_a_change_to_an_order(workdir, workdir_question):
    write_code(workdir, {"app.py": "print(1)\n"})
    said = finals(workdir, workdir_question)[0]
    assert "订单" not in said and "order" not in said, said


@pytest.mark.parametrize(
    "then",
    ["红笔换蓝笔，够吗", "用蓝笔代替红笔，够吗", "lose the blue pens, enough?", "改 4 盒", "No, 4 boxes of red pens.",
     "不，红笔是 4 盒", "蓝笔减到 1 盒", "蓝笔少一盒", "蓝笔就算啦，够吗？", "hold the blue pens. Enough?"],
)  # fmt: skip
def test_more_ways_of_changing_an_order_in_a_follow_up_are_asked_again(inventory, then):
    said = finals(inventory, "我要 3 盒红笔和 2 盒蓝笔，够吗？", then)[1]
    assert asked_again(said), said


@pytest.mark.parametrize(
    "question",
    ["我要 3 盒红笔和一些蓝笔，一共多少钱？", "我要 3 盒红笔和几盒蓝笔，一共多少钱？", "我要 3 盒红笔加 2 盒备货",
     "I need 3 boxes of red pens plus 2 spare. Enough?", "I need 10 5号电池. Enough?", "我要 2 斤里脊肉，够吗？"],
)  # fmt: skip
def test_vague_amounts_spare_boxes_and_a_name_with_a_place_word_are_declined(question):
    assert kinds(question) == [("inventory", "unsure")]  # 说不准的数量、备货、名字里有“里”：都不查


@pytest.mark.parametrize(
    "old, new, question, command",
    [("Testing (outdated)", "Testing", "How do I run the tests?", "make test"),
     ("运行（已废弃，请看下一节）", "运行", "怎么运行这个项目？", "python app.py"),
     ("Usage (deprecated: use the new CLI)", "Usage", "How do I run it?", "python app.py")],
)  # fmt: skip
def test_indented_commands_under_a_deprecated_and_a_plain_heading_are_not_read(workdir, old, new, question, command):
    readme = f"# calc\n\n## {old}\n\n    python old_main.py\n\n## {new}\n\n    {command}\n"
    write_code(workdir, {"README.md": readme})
    said = finals(workdir, question)[0]  # 缩进的代码不是 ``` 代码块：哪一节的都不读
    assert f"`{command}`" not in said and "old_main" not in said and not_read(said), said


@pytest.mark.parametrize(
    "question",
    ['这是库存：{"item":"胶带","stock":12,"unit_price":3,"currency":"CNY"} 我要 4 卷，多少钱？',
     'Here is the record: {"item": "stapler", "stock": 3, "unit_price": 20} I need 2, how much?'],
)  # fmt: skip
def test_a_pasted_record_with_no_item_named_in_the_question_is_declined_not_guessed(inventory, question):
    out = run_main("--demo", "-C", str(inventory), question)  # 问题里没说是什么商品：不拿记录里的猜
    assert declined(out.stdout.split("[最终回复]")[-1]) and "[调用工具]" not in out.stdout, out.stdout


# ── 第四十一轮攻击：更多改口的说法（贴了记录的、问过库存以后的）；另 3 盒；过时的一节；英文名字在前；库存加起来 ──────
@pytest.mark.parametrize(
    "questions",
    [["我要 3 盒红笔和 2 盒蓝笔，蓝笔不订了，够吗？"], ["我要 3 盒红笔和 2 盒蓝笔，只留红笔，够吗？"],
     ["I need 3 boxes of red pens and 2 boxes of blue pens, without the blue pens. Enough?"],
     ["I need 3 boxes of red pens. Bump that to 4. Enough?"],
     ['这是库存：{"item":"胶带","stock":7,"unit_price":3,"currency":"CNY"} 我要 4 卷，改成 8 卷，够吗？'],
     ["红笔单价多少？", "要 3 盒，不对，6 盒"], ["How many red pens are left?", "I need 3 boxes, no, 6. Enough?"],
     ["I need 3 boxes of red pens and 2 boxes of blue pens. Enough?", "Without the blue pens, what's the total?"],
     ["我要 3 盒红笔和 2 盒蓝笔，够吗？", "红笔 4 盒吧，蓝笔照旧，一共多少钱？"],
     ["我要 3 盒红笔和 2 盒蓝笔，只买红笔的话多少钱？"],
     ["I need 3 boxes of red pens and 2 boxes of blue pens, only red pens please."],
     ["I need 3 red pens, or rather 4, enough?"], ["我要 3 盒红笔，最好 4，够吗？"],
     ["我要 3 盒红笔和 2 盒蓝笔，够吗？", "蓝笔下次再买，一共多少钱？"],
     ["I need 3 red pens and 2 blue pens.", "Blue pens cancelled. Total?"],
     ["红笔 3 盒，蓝笔 2 盒，蓝笔不想要了。一共多少钱？"], ["红笔 3 盒蓝笔 2 盒，黑笔替换蓝笔。一共多少钱？"],
     ["我要 3 盒红笔，哦，是蓝笔。够吗？"], ["3 盒红笔换蓝笔，够吗？"], ["I need 3 boxes of red pens — uh, 4. Enough?"],
     ["I need 3 boxes of red pens and 2 boxes of blue pens. Don't order the blue pens. How much in total?"]],
)  # fmt: skip
def test_still_more_ways_of_changing_an_order_are_asked_again(inventory, questions):
    said = finals(inventory, *questions)[-1]
    assert asked_again(said), said


def test_the_combined_stock_asked_next_to_an_order_is_declined_not_guessed(inventory):
    said = finals(inventory, "I need 3 boxes of red pens and 2 boxes of blue pens. What's the combined stock?")[0]
    assert declined(said), said


@pytest.mark.parametrize(
    "heading, alone",
    [("Running (outdated)", False), ("Running (obsolete)", False), ("运行（已过时）", False), ("运行（旧版）", False),
     ("Running (v1, no longer supported)", False), ("Running (do not run as root)", True),
     ("运行（出现错误时看 logs/）", True), ("Usage (replaces the legacy run.sh)", True)],
)  # fmt: skip
def test_indented_commands_under_any_heading_are_not_read_whether_or_not_it_says_outdated(workdir, heading, alone):
    """缩进的命令不是 shell 代码块：“## Running”下面的也不读（标题带不带括号里的话都一样），说没找到读得懂的写法。"""
    readme = f"# demo\n\n## Generating the report\n\n    python tools/report.py\n\n## {heading}\n\n    python app.py\n"
    write_code(workdir, {"README.md": readme + ("" if alone else "\n## Running\n\n    python main.py\n")})
    said = finals(workdir, "How do I run this project?")[0]
    assert not re.search(r"python (app|main|tools/report)\.py", said) and not_read(said), said


# ── 第七十一轮学习者：测试怎么跑以后“怎么运行它”是项目；文件的前几行、后几行说没做；“在哪里”不算没认出 ──────────────
@pytest.mark.parametrize(
    "first, then, said, unsaid",
    [("how do I run the tests?", "and how do I run it?", "npm start", "npm test"),
     ("测试怎么跑？", "那怎么运行呢？", "npm start", "npm test"),
     ("Which test files are there?", "and how do I run them?", "npm test", "npm start")],
)  # fmt: skip
def test_run_it_after_the_test_command_is_the_project_and_run_them_after_test_files_the_tests(
    workdir, first, then, said, unsaid
):
    scripts = (
        '{"name": "x", "main": "src/server.js", "scripts": {"start": "node src/server.js", "test": "mocha test/"}}'
    )
    write_code(workdir, {"package.json": scripts, "src/server.js": "x\n", "test/a.test.js": "x\n"})
    answer = finals(workdir, first, then)[1]
    assert said in answer and unsaid not in answer, answer


@pytest.mark.parametrize(
    "question",
    ["show me the last 3 lines of a.txt", "帮我看看 a.txt 的前两行", "print a.txt but only the app.listen line",
     "a.txt 的后 3 行是什么？", "show me the first 2 lines of a.txt"],
)  # fmt: skip
def test_some_lines_of_a_file_are_named_as_not_done_not_answered_with_the_whole_file(workdir, question):
    write_code(workdir, {"a.txt": "".join(f"line {i}\n" for i in range(1, 11))})
    said = finals(workdir, question)[0]
    assert "line 5" not in said and question.rstrip("？?")[:20] in said, said


def test_where_after_whether_a_library_is_used_is_part_of_that_question():
    assert understand("项目里用到 lodash 了吗？在哪里？").unknown == []


# ── 第四十二轮攻击：只买、下次再买、or rather；贴的记录里两个数；英文名字写在数量前面；单价加起来；中间没数量的商品 ──
@pytest.mark.parametrize(
    "questions, said",
    [(["我要 3 支涂改笔，够吗？"], ""), (["我要 3 盒红笔，够吗？", "好的谢谢，不用了"], "谢谢"),
     (["I need 3 red pens. Enough? Also, what does AGENTS.md actually say?"], "AGENTS.md")],
)  # fmt: skip
def test_closing_thanks_change_nothing_other_parts_stay_and_a_name_with_a_change_word_is_declined(
    inventory, questions, said
):
    stock_file(inventory, "涂改笔", 6, 4, "CNY")
    answer = finals(inventory, *questions)[-1]
    if not said:  # 名字里有“改”的订单没听懂：不猜，什么也不查
        assert declined(answer), answer
        return
    assert "“改”" not in answer and "“不用”" not in answer and ("AGENTS.md" not in said or "stock/" in answer), answer


@pytest.mark.parametrize(
    "question",
    ['这是库存：{"item":"胶带","stock":3,"unit_price":5} 我要 2 卷，另外 3 卷给隔壁，够吗？',
     '这是库存：{"item":"胶带","stock":3,"unit_price":5} 我要两卷半，够吗？'],
)  # fmt: skip
def test_a_pasted_record_with_more_than_one_number_is_declined_not_guessed(inventory, question):
    said = finals(inventory, question)[0]
    assert declined(said), said


@pytest.mark.parametrize(
    "question, says",
    [("What is the combined price of red pens and blue pens?", "I won't guess a quantity"),
     ("红笔和蓝笔单价加起来多少？", "单价我没有加在一起")],
)  # fmt: skip
def test_prices_added_up_are_declined_or_said_not_added_never_answered_with_the_stock(inventory, question, says):
    answer = finals(inventory, question)[0]  # 不查，或者列出单价、说没有加在一起
    assert computed_nothing(answer) and says in answer and "5 + 2 = 7" not in answer and "= 20" not in answer, answer


# ── 第七十二轮学习者：how many A and B are in stock；“X 有几行，是干什么的”；“版本 + 测试怎么跑”；“store.js 里” ──
@pytest.mark.parametrize(
    "questions", [["how many markers and folders are in stock?"],
                  ["how many markers are in stock?", "how many markers and folders are in stock?"]]
)  # fmt: skip
def test_two_english_items_asked_about_together_are_declined_not_guessed(inventory, questions):
    (inventory / "AGENTS.md").write_text("Stock lives in `stock/<item>.json` (English item names).\n", encoding="utf-8")
    stock_file(inventory, "marker", 12, 2)
    stock_file(inventory, "folder", 3, 0.5)
    said = finals(inventory, *questions)[-1]
    assert declined(said) and "12 in stock" not in said, said


@pytest.mark.parametrize(
    "question", ["how many lines does src/cli.py have and what does it do", "src/cli.py 有几行，是干什么的？"]
)  # fmt: skip
def test_what_a_file_does_next_to_its_line_count_is_about_that_file(workdir, question):
    write_code(workdir, {"README.md": "# tool\n\nA tiny tool.\n", "src/cli.py": "print('hi')\n"})
    said = finals(workdir, question, args=("--yes",))[0]
    assert "print('hi')" in said and "A tiny tool." not in said, said


@pytest.mark.parametrize(
    "question", ["what version of mocha + how do I run the tests?", "mocha 的版本号是多少 + 测试怎么跑"]
)
def test_a_plus_between_two_questions_answers_both(workdir, question):
    manifest = {"scripts": {"test": "mocha test"}, "devDependencies": {"mocha": "^10.2.0"}}
    write_code(workdir, {"package.json": json.dumps(manifest), "test/a.test.js": "x\n"})
    said = finals(workdir, question)[0]
    assert "^10.2.0" in said and "npm test" in said, said


def test_a_file_followed_by_inside_is_that_file_not_a_folder(workdir):
    write_code(workdir, {"store.js": "module.exports = 1;\n"})
    said = finals(workdir, "store.js 里写了什么")[0]
    assert "module.exports = 1;" in said and "store.js/store.js" not in said, said


# ── 第四十三轮攻击：更多改口的说法；没算的改口以后不回到旧订单；“不再需要 Docker”的一节照用；开头几行说没做 ─────────
@pytest.mark.parametrize(
    "questions",
    [["我要 3 盒红笔和 2 盒蓝笔，够吗？", "蓝笔不要了", "一共多少钱？"],
     ["I need 3 boxes of red pens and 2 boxes of blue pens. Enough?", "Drop the blue pens.", "How much is it then?"]],
)  # fmt: skip
def test_after_a_change_that_was_asked_again_the_old_order_is_not_priced(inventory, questions):
    said = finals(inventory, *questions)[-1]
    assert "36 + 16" not in said and "× 8" not in said, said


@pytest.mark.parametrize("heading", ["Usage (no longer needs Docker)", "运行（以前的配置文件仍然可用）"])
def test_a_run_heading_with_a_note_is_named_and_not_guessed_past(workdir, heading):
    """“Usage (…)”“运行（…）”：标题说到了运行，可不只是“Usage”，这一节不读；
    照原话说出这一节，请用户自己看，不按文件类型猜。"""
    readme = f"# Tally\n\n## {heading}\n\n```\npython main.py\n```\n\n## Development\n\n    python dev.py\n"
    write_code(workdir, {"README.md": readme, "main.py": "x\n"})
    said = finals(workdir, "How do I run this project?")[0]
    assert f"“{heading}” section, but not in a form I read" in said and "python" not in said, said


@pytest.mark.parametrize(
    "question", ["main.py 开头几行是什么？", "main.py 的第二行写了什么？", "Show me the bottom of main.py"]
)
def test_other_ways_of_asking_for_some_lines_are_named_as_not_done(workdir, question):
    write_code(workdir, {"main.py": "".join(f"print({i})\n" for i in range(7))})
    said = finals(workdir, question, args=("--yes",))[0]
    assert "print(5)" not in said and "7 main.py" not in said, said


# ── 第七十三轮学习者：问测试在测什么，只列了文件就说没读 ─────────────────────────────────────────────────────
@pytest.mark.parametrize("question", ["这些测试在测什么", "what do those tests check?", "测试都测了些什么？"])
def test_what_the_tests_check_says_the_files_were_only_listed(workdir, question):
    write_code(
        workdir, {"pyproject.toml": '[project]\nname = "t"\n', "tests/test_ops.py": "def test_add():\n    pass\n"}
    )
    said = finals(workdir, question)[0]
    assert "tests/test_ops.py" in said and ("没有读" in said or "did not read" in said), said


# ── 第四十四轮攻击：说到过去的一节和下一节的缩进命令都不读；“不是根目录那个”；how many A and B are available ──
@pytest.mark.parametrize(
    "heading",
    ["Running (no longer recommended)", "以前的启动方式", "运行（以前的命令）",
     "Usage (since 2.0; before 2.0 see docs/old.md)", "Usage (archived copies are in docs/)",
     "Usage (the Python 2 branch is unmaintained)", "Running (no longer supported on Windows)"],
)  # fmt: skip
def test_indented_commands_under_a_note_about_the_past_and_under_usage_are_not_read(workdir, heading):
    write_code(
        workdir, {"README.md": f"# T\n\n## {heading}\n\n    python old_main.py\n\n## Usage\n\n    python main.py\n"}
    )
    said = finals(workdir, "How do I run this project?")[0]  # 缩进的代码不读：两节的命令都不说
    assert "old_main.py" not in said and "python main.py" not in said and not_read(said), said


@pytest.mark.parametrize(
    "question, read",
    [("src 里的 util.py（不是根目录那个）写了什么？", "src/util.py"),
     ("What is in util.py (not the one in src)?", "util.py")],
)  # fmt: skip
def test_a_folder_said_not_to_be_meant_is_not_put_before_the_file(question, read):
    assert [p.names for p in understand(question).parts] == [[read]]


@pytest.mark.parametrize(
    "question, items",
    [("how many markers and folders are available?", "unsure"),
     ("how many markers and the staplers are in stock?", "unsure"),
     ("红笔 + 蓝笔各 2 盒，一共多少钱？", [("红笔", 2), ("蓝笔", 2)])],
)  # fmt: skip
def test_two_items_joined_by_and_in_these_wordings_are_declined_and_by_a_plus_are_both_read(question, items):
    assert kinds(question) == [("inventory", items)]  # “+”是连词：两样都要


@pytest.mark.parametrize(
    "question", ["I need 3 boxes of red pens, make them 4. Enough?", "我要 3 盒红笔，应该是 4 盒，够吗？",
                 "I need 3 boxes of red pens. Well, blue pens. Enough?"]
)  # fmt: skip
def test_more_corrections_are_asked_again(inventory, question):
    said = finals(inventory, question)[0]
    assert asked_again(said), said


# ── 第四十五轮攻击、第七十四轮学习者：标题里的“以前”“旧”“superseded”；“不是很明白”不是否定目录；便宜点的话 ──────────
@pytest.mark.parametrize(
    "heading",
    ["Running (superseded by the new CLI)", "Running (removed in 2.0)", "运行（旧命令，请勿使用）", "Running - legacy",
     "Usage (previously called tallyctl)", "使用（以前叫 tallyctl）", "运行（依旧可用）",
     "Usage (supports old configs)"],
)  # fmt: skip
def test_a_run_heading_with_more_words_is_no_run_section_whatever_the_words_say(workdir, heading):
    """标题里除了“Running”“使用”还有别的话（说过时也好、说还能用也好）：它的代码块不读，说没找到读得懂的写法。"""
    write_code(workdir, {"README.md": f"# t\n\n## {heading}\n\n```\npython tool.py\n```\n", "tool.py": "print(1)\n"})
    said = finals(workdir, "How do I run it?")[0]
    assert "python tool.py" not in said and not_read(said), said


@pytest.mark.parametrize(
    "question, read",
    [("我不是很明白 src 里的 util.py 写了什么", "src/util.py"),
     ("What is in util.py in src (not the src_old copy)?", "src/util.py"),
     ("util.py in src (not src/legacy) - what is in it?", "src/util.py")],
)  # fmt: skip
def test_a_negation_about_another_folder_keeps_the_folder_said(question, read):
    assert [p.names for p in understand(question).parts] == [[read]]


@pytest.mark.parametrize("question", ["我要 3 盒红笔和/或蓝笔，够吗？", "how many markers and red pens are available?"])
def test_and_or_and_a_coloured_item_beside_another_are_declined_not_guessed(question):
    assert kinds(question) == [("inventory", "unsure")]


def test_a_condition_on_the_price_is_declined_and_no_item(inventory):
    stock_file(inventory, "笔记本", 20, 6.5, "CNY")
    said = finals(inventory, "笔记本多少钱？便宜点的话我要买 30 本")[0]
    assert declined(said) and "便宜点.json" not in said and "“便宜点的话我要买 30 本”" in said, said


@pytest.mark.parametrize(
    "question", ["测试检查了什么？", "这些测试是干什么的？", "what do the tests verify?", "what are those tests for?"]
)
def test_more_ways_of_asking_what_the_tests_check_say_they_were_not_read(workdir, question):
    write_code(
        workdir, {"pyproject.toml": '[project]\nname = "t"\n', "tests/test_ops.py": "def test_add():\n    pass\n"}
    )
    said = finals(workdir, question)[0]
    assert "没有读" in said or "did not read" in said, said


# ── 只认几种说法的库存问题：别的类的一句、引号里的内容、没听懂的一句 ──────────────────────────────
@pytest.mark.parametrize(
    "question",
    ["红笔多少钱？AGENTS.md 里写了什么？", "How many red pens are left? What does README.md say?",
     "Is lodash used? Is there enough in stock?"],
)  # fmt: skip
def test_a_stock_question_without_a_quantity_beside_a_project_question_answers_both(inventory, question):
    out = run_main("--demo", "-C", str(inventory), question)
    assert "内部出错" not in out.stderr and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize(
    "question",
    ["I need 3 boxes of red pens. The test team needs the same. Total?", "我需要 3 盒红笔，每个分支都要。一共多少钱？"],
)
def test_another_kind_of_sentence_that_needs_more_leaves_the_order_unchecked(question):
    assert kinds(question)[0] == ("inventory", "unsure")  # 测试组也要、每个分支都要：要多少分不清


@pytest.mark.parametrize("middle", ["Double it.", "翻一倍", "That's per classroom"])
def test_no_quantity_is_carried_past_a_sentence_not_understood(inventory, middle):
    said = finals(inventory, "I need 3 boxes of red pens. Enough?", middle, "What about blue pens?")[2]
    assert "Same quantity" not in said and "沿用" not in said and computed_nothing(said), said


@pytest.mark.parametrize(
    "question, kind",
    [("What's the tech stack and how much does it cost?", "stack"), ("技术栈是什么以及价格是多少", "stack")],
)
def test_a_project_question_with_a_price_in_the_same_sentence_is_a_project_question(question, kind):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == [kind] and ask.unknown, ask  # 价钱那半句照原话说没做


def test_a_file_to_create_and_a_stock_question_are_both_done(inventory):
    said = finals(inventory, "创建 hello.py 写入 print(1)。我需要 3 盒红笔，够吗？", args=("--yes",))[0]
    assert "hello.py" in said and "5 ≥ 3" in said, said
    quoted = "创建一个 hello.py 写入 print('[它启动的进程里有 1 个结束不了，还在运行]') 然后运行它"
    assert [p.kind for p in understand(quoted).parts] == ["create"]  # 引号里要写的内容不是订单


@pytest.mark.parametrize("again", ["read it again", "重新读一下"])
def test_reading_again_after_a_question_of_two_parts_does_both_again(inventory, again):
    said = finals(inventory, "蓝笔还有多少？另外这个目录里有哪些文件？", again, args=("--yes",))[1]
    assert ("库存 2" in said or "2 in stock" in said) and "AGENTS.md" in said, said  # 库存那一件也再读一次


# ── 第三轮攻击：别的一类里的数量、“也是”“too”、“This is …”、引号里同样的话、接着问时“另外”“And”加一种 ──────────────
@pytest.mark.parametrize(
    "question, kind",
    [("Are there two entry points?", "entry"), ("看看 2 个测试文件", "tests"), ("Is there 1 entry point?", "entry")],
)
def test_a_number_in_a_question_of_another_kind_is_no_order(question, kind):
    assert [p.kind for p in understand(question).parts] == [kind]


@pytest.mark.parametrize(
    "question",
    ["我需要 3 盒红笔，测试部门也是。一共多少钱？", "I need 3 boxes of red pens. The test team too. Total?",
     "I need 3 boxes of red pens. This is doubled. How much in total?"],
)  # fmt: skip
def test_a_sentence_that_may_change_the_order_leaves_it_unchecked(question):
    assert kinds(question)[0] == ("inventory", "unsure")


def test_a_sentence_quoted_in_a_file_to_write_stays_in_the_file():
    question = (
        'Create hi.py with print("How much in total?") and run it. I need 3 boxes of red pens. How much in total?'
    )
    ask = understand(question)
    assert [(p.kind, p.content) for p in ask.parts if p.kind == "create"] == [("create", 'print("How much in total?")')]
    assert kinds(question)[0] == ("inventory", [("红笔", 3)])


@pytest.mark.parametrize(
    "first, then",
    [
        ("我需要 3 盒红笔", "另外 2 盒蓝笔，一共多少钱？"),
        ("I need 3 boxes of red pens", "And 2 boxes of blue pens. Total?"),
    ],
)
def test_another_item_added_in_a_follow_up_is_not_an_order_on_its_own(first, then):
    ask = in_context(then, in_context(first, None))  # 加上一种还是换成这一种：分不清，不算“一共”
    assert [heard(p) for p in ask.parts] == ["unsure"]


@pytest.mark.parametrize("question", ["测试文件有几行？", "How many lines does the test file have?"])
def test_lines_of_test_files_not_named_are_not_counted_as_py_files(project, question):
    said = finals(project, question)[0]  # 说不出数哪些文件：不拿 .py 充数，也不拿测试文件列表充数
    assert "*.py" not in said and ("认不出" in said or "can't tell" in said), said


# ── 第四轮攻击：要重新读又说了别的、引号里的商品名、“百八十”、一句里接着问项目 ───────────────────────────────
@pytest.mark.parametrize("then", ["Check the blue pens again", "Read it again, I'll take 6.", "重新读一下，给 6 班用"])
def test_reading_again_with_something_else_said_is_not_the_last_order_again(inventory, then):
    said = finals(inventory, "I need 3 boxes of red pens.", then)[1]
    assert computed_nothing(said) and "36" not in said, said


@pytest.mark.parametrize("then", ["我需要 3 盒“红笔”，够吗？", "What about 3 'red pens'?"])
def test_a_quoted_name_is_not_read_as_a_quantity_for_the_last_item(inventory, then):
    said = finals(inventory, "蓝笔还有多少？", then)[1]
    assert computed_nothing(said) and "沿用" not in said and "Same items" not in said, said


@pytest.mark.parametrize("question", ["我需要百八十支红笔，一共多少钱？", "我需要百十盒红笔", "红笔要千把，够不够？"])
def test_a_rough_chinese_number_is_no_quantity(question):
    assert kinds(question) == [("inventory", "unsure")]


@pytest.mark.parametrize(
    "question", ["I need 3 boxes of red pens and what is the tech stack?", "我需要 3 盒红笔并且告诉我这个项目的技术栈"]
)
def test_an_order_and_a_project_question_joined_in_one_sentence_are_both_heard(question):
    assert kinds(question) == [("inventory", [("红笔", 3)]), ("stack", [])]


# ── 第五轮攻击：要重新读时说了一个数、一个字；数测试文件的行数 ─────────────────────────────────────
@pytest.mark.parametrize("then", ["Read it again, I want 6", "again, but for 6", "再读一遍，6", "再查一下蓝的"])
def test_reading_again_with_a_number_or_another_item_is_not_the_last_order(inventory, then):
    said = finals(inventory, "I need 3 red pens, how much?", then)[1]
    assert computed_nothing(said) and "36" not in said, said


@pytest.mark.parametrize("then", ["The stock file was updated, read it again", "我改过文件了，再查一下"])
def test_saying_the_file_changed_and_asking_to_read_again_reads_again(inventory, then):
    said = finals(inventory, "I need 3 red pens, how much?", then)[1]
    assert "36" in said, said


def test_lines_of_test_files_listed_before_are_counted_and_of_a_kind_not_listed_are_not(workdir):
    write_code(workdir, {"main.py": "a = 1\n", "tests/test_main.py": "def test_a():\n    pass\n"})
    listed, counted = finals(workdir, "Which test files are there?", "How many lines do the test files have?")
    assert "tests/test_main.py" in counted and "main.py\n" not in counted.replace("tests/test_main.py", ""), counted
    said = finals(workdir, "How many lines do the .py test files have?")[0]
    assert "wc -l *.py" not in said and "can't tell" in said, said


# ── 学习者 E 轮：README 里一句话先说怎么运行、再说怎么跑测试（正文不读）─────────────────────────────────────
@pytest.mark.parametrize(
    "sentence",
    ["Run it with `python -m tinycalc 2 3` and run the tests with `pytest`.",
     "Start it with `python tinycalc/__main__.py 2 3`, then run the tests with `pytest`."],
)  # fmt: skip
def test_a_run_and_a_test_command_in_one_readme_sentence_are_not_read(workdir, sentence):
    write_code(
        workdir, {"README.md": f"# tinycalc\n\nA tiny calculator.\n{sentence}\n", "tinycalc/__main__.py": "x = 1\n"}
    )
    run, tests = finals(workdir, "How do I run this project?", "How do I run the tests?")
    command = re.search(r"`(python[^`]*)`", sentence)[1]
    assert command not in run and not_read(run), run
    assert "`pytest`" not in tests and not_read(tests), tests


# ── 学习者 F 轮：README 正文里不带反引号说怎么跑测试：不说“没看到写着怎么跑”，只说没找到读得懂的写法 ───────────────
def test_a_test_command_said_in_prose_is_not_called_missing(workdir):
    readme = "# wc\n\nCounts words.\n\nTo test it, install pytest and run pytest from the project folder.\n"
    manifest = '[project]\nname = "wc"\n[project.optional-dependencies]\ndev = ["pytest>=7.4"]\n'
    write_code(
        workdir, {"README.md": readme, "pyproject.toml": manifest, "tests/test_wc.py": "def test_a():\n    pass\n"}
    )
    said = finals(workdir, "How do I run the tests?")[0]
    assert "`pytest`" in said and "saw nothing" not in said and "written in a way I read" in said, said


# ── README 的一节：标题、围栏、语言的写法各有几种，读的是同一节；只抄它下面的第一个 shell 代码块，一行行照原样 ──
@pytest.mark.parametrize(
    "heading, fence",
    [("## 🚀 Usage", "```bash"), ("## **Usage**", "```"), ("## 1. Usage", "```sh"), ("## Usage ##", "~~~bash"),
     ('## <a name="usage"></a>Usage', "````bash"), ("Usage\n-----", "```shell-session"), ("## 用法：", "```pwsh"),
     ("## Usage", "```bash title=run.sh"), ("## Run locally", "```console")],
)  # fmt: skip
def test_the_forms_of_a_run_heading_and_a_fence_are_one_section(workdir, heading, fence):
    close = fence.split()[0].rstrip("abcdefghijklmnopqrstuvwxyz-")
    readme = f"# D\n\nA tool.\n\n{heading}\n\n{fence}\npython app.py --name Bob\n{close}\n\n"
    readme += "Output:\n\n```\nHello, Bob!\n```\n"
    write_code(workdir, {"README.md": readme, "app.py": "print(1)\n"})
    said = finals(workdir, "How do I run it?")[0]
    assert quoted(said, "python app.py --name Bob") and "Hello, Bob!" not in said and "usually" not in said, said


# 续行、提示符、Windows 的路径都照原样一行一行抄，不接成一条新的命令；最后一行的反斜杠不把后面一节的标题、命令接进来
@pytest.mark.parametrize(
    "block, lines, unsaid",
    [("$ python app.py \\\n> --name Bob\nHello, Bob!", ["$ python app.py \\", "> --name Bob"], "app.py > --name"),
     ("cd C:\\code\\demo\\\npython app.py", ["cd C:\\code\\demo\\", "python app.py"], "demo python"),
     ("python app.py \\\n```\n## Deploy\n```bash\nrm -rf /var/www/demo", ["python app.py \\"], "rm -rf")],
)  # fmt: skip
def test_lines_of_a_block_are_shown_as_written_and_a_backslash_does_not_join_the_next_section(
    workdir, block, lines, unsaid
):
    write_code(workdir, {"README.md": f"# D\n\nA tool.\n\n## Usage\n\n```console\n{block}\n```\n", "app.py": "1\n"})
    said = finals(workdir, "怎么运行？")[0]
    assert quoted(said, *lines) and unsaid not in said, said


# 运行那一节在这些地方结束：HTML 的标题、折叠块、粗体的小标题；缩进的代码、~~~ 代码块、一行里的 ```x``` 里的 # 不是标题
@pytest.mark.parametrize(
    "readme, question, unsaid",
    [("## Usage\n\nSee the docs.\n\n<h2>Deploying</h2>\n\n```bash\n./deploy.sh --prod\n```\n", "How do I run it?",
      "deploy"),
     ("## Usage\n\nSee the docs.\n\n**Uninstall**\n\n```bash\npip uninstall demo\n```\n", "How do I run it?",
      "uninstall"),
     ("## Tests\n\nCI runs them.\n\n<details><summary>Reset</summary>\n\n```bash\npython manage.py flush\n```\n",
      "how do I run the tests", "flush"),
     ("## Development\n\n    # run the tests\n    pytest\n\nDeploy:\n\n```bash\n./deploy.sh --prod\n```\n",
      "how do I run the tests", "deploy"),
     ("## Contributing\n\n~~~markdown\n## Usage\n\n```bash\nmy-plugin --init\n```\n~~~\n", "How do I run it?",
      "my-plugin"),
     ("## Usage\n\n```python app.py```\n\n## Uninstall\n\nRemove it:\n\n```bash\nrm -rf ~/.demo\n```\n",
      "How do I run it?", "remove it")],
)  # fmt: skip
def test_a_block_outside_the_run_or_test_section_is_not_credited_to_it(workdir, readme, question, unsaid):
    write_code(workdir, {"README.md": f"# D\n\nA tool.\n\n{readme}", "app.py": "1\n", "requirements.txt": "pytest\n"})
    said = finals(workdir, question)[0]
    assert unsaid not in said.lower(), said


# README 只读了开头、读不了：按测试框架猜的时候也要说，后面也许写了
@pytest.mark.parametrize(
    "readme, note",
    [("# D\n\n" + "".join(f"- v0.{i}: fixed bug number {i} in the parser\n" for i in range(3000))
      + "\n## Tests\n\n```bash\npytest -q\n```\n", "I read only its beginning"),
     ("# D\n\nCaf\xe9 tool.\n\n## Tests\n\n```bash\npytest -q\n```\n", "I could not read it")],
)  # fmt: skip
def test_a_test_guess_says_when_the_readme_was_cut_or_unreadable(workdir, readme, note):
    (workdir / "README.md").write_bytes(readme.encode("latin-1"))
    write_code(workdir, {"requirements.txt": "pytest\n", "tests/test_a.py": "def test(): pass\n"})
    said = finals(workdir, "how do I run the tests")[0]
    assert "usually `pytest`" not in said or note in said, said


# 问怎么运行、怎么跑测试，还带着一个条件（with docker、on Windows、in parallel、用 python3）：命令照常找，
# 那一句照原话说没做；只是说了运行什么（the server、the test suite、本地、单元测试）的不算
@pytest.mark.parametrize(
    "question, unknown",
    [("How do I run it with docker?", True), ("how to run it on Windows?", True), ("用 python3 怎么运行", True),
     ("How do I run the tests in parallel?", True), ("how do I run it in production?", True),
     ("how do i start the server", False), ("how do I run it locally?", False), ("怎么启动这个服务", False),
     ("how do i run the test suite", False), ("怎么跑单元测试", True), ("How do I start the dev server?", False),
     ("How do I run it and its tests?", False), ("这个项目怎么跑起来？", False)],
)  # fmt: skip
def test_a_condition_on_how_to_run_is_named_as_not_done(question, unknown):
    ask = understand(question)
    assert {p.kind for p in ask.parts} <= {"entry", "tests"} and ask.parts and bool(ask.unknown) == unknown, ask


# 口语里常见的问法也是这几类：依赖有哪些、deps（技术栈）；src 里都有啥、what's in src/calc（列目录）；
# 测试又咋跑；还剩几盒
@pytest.mark.parametrize(
    "question, kind, folder",
    [("依赖有哪些", "stack", "."), ("项目依赖都有哪些？", "stack", "."), ("deps?", "stack", "."),
     ("src 里都有啥", "ls", "src"), ("whats in src/calc", "ls", "src/calc"), ("测试又咋跑", "tests", "."),
     ("what's in it?", None, None)],
)  # fmt: skip
def test_everyday_wordings_of_known_kinds(question, kind, folder):
    parts = understand(question).parts
    assert [(p.kind, p.folder) for p in parts] == ([(kind, folder)] if kind else []), parts


def test_how_many_boxes_are_left_is_a_stock_question():
    assert kinds("红笔还剩几盒") == [("inventory", [("红笔", None)])]


# ── README 的一节（第二轮）：哪一节算、代码块里的行、节在哪里结束、README 没读全 ─────────────────────────────────
@pytest.mark.parametrize(
    "readme, question, said, unsaid",
    [("## Getting Started\n\n```bash\ngit clone https://x/app\npip install -r r.txt\n```\n\n"
      "## Usage\n\nRun `python app.py`.\n", "How do I run it?", "“Usage” section, but not in a form I read",
      "pip install"),
     ("## Use cases\n\nCounting words.\n\n## Usage\n\n```bash\npython app.py\n```\n", "How do I run it?",
      "    python app.py", "Use cases"),
     ("## Use cases\n\nCounting.\n\n## Usage\n\n```python\nimport app\n```\n", "How do I run it?",
      "“Usage” section", "Use cases"),
     ("## Test coverage\n\nAbout 80%.\n", "how do I run the tests", "usually `pytest`", "Test coverage"),
     ("## 一、运行\n\n```bash\npython app.py\n```\n", "怎么运行？", "    python app.py", "一般用"),
     ("## （一）运行\n\n```bash\npython app.py\n```\n", "怎么运行？", "    python app.py", "一般用"),
     ('## <a name="usage"></a> Usage\n\n```bash\npython app.py\n```\n', "How do I run it?", "    python app.py",
      "usually"),
     ("## ![i](x.png) Usage\n\n```bash\npython app.py\n```\n", "How do I run it?", "    python app.py", "usually"),
     ("## [Usage](#usage)\n\n```bash\npython app.py\n```\n", "How do I run it?", "    python app.py", "usually"),
     ("<h2>Usage</h2>\n\n```bash\npython app.py\n```\n", "How do I run it?", "    python app.py", "usually"),
     ("**Usage**\n\n```bash\npython app.py\n```\n", "How do I run it?", "    python app.py", "usually")],
)  # fmt: skip
def test_which_section_is_the_run_or_test_section(workdir, readme, question, said, unsaid):
    write_code(workdir, {"README.md": f"# App\n\nAn app.\n\n{readme}", "app.py": "1\n", "requirements.txt": "pytest\n"})
    text = finals(workdir, question)[0]
    assert said in text and unsaid not in text, text


# 代码块里的行照原样：--- 不是标题下面的线、.. 不是注释；~~~~、^^^^ 在 reST 里是标题下面的线；
# 不在行首的 HTML 标题也隔开一节
@pytest.mark.parametrize(
    "readme, question, lines, unsaid",
    [("## Usage\n\n```bash\ncat > t.yml <<EOF\n---\nwords: true\nEOF\n```\n", "How do I run it?",
      ["cat > t.yml <<EOF", "---", "words: true"], "## cat"),
     ("## Testing\n\n```console\n$ pytest --cov\nName  Stmts\n------------\n.. t.py 1\n```\n", "how do I run the tests",
      ["$ pytest --cov", "Name  Stmts", "------------", ".. t.py 1"], "## Name"),
     ("Usage\n-----\n\nSee the docs.\n\nRunning tests\n~~~~~~~~~~~~~\n\n```bash\npytest\n```\n", "How do I run it?",
      [], "pytest"),
     ("Usage\n-----\n\nSee the docs.\n\nDeploy\n^^^^^^\n\n```bash\nfly deploy\n```\n", "How do I run it?", [], "fly"),
     ('## Usage\n\nSee the docs.\n\n<div align="center"><h2>Deploy</h2></div>\n\n```bash\nfly deploy\n```\n',
      "How do I run it?", [], "fly"),
     ("## Usage\n\nSee the docs.\n\n<p><b>Testing</b></p>\n\n```bash\nrm -rf db\n```\n", "How do I run it?", [],
      "rm -rf")],
)  # fmt: skip
def test_code_lines_are_kept_as_written_and_other_headings_end_a_section(workdir, readme, question, lines, unsaid):
    write_code(workdir, {"README.md": f"# App\n\nAn app.\n\n{readme}", "app.py": "1\n", "requirements.txt": "pytest\n"})
    text = finals(workdir, question)[0]
    assert (quoted(text, *lines) if lines else not_read(text)) and unsaid not in text, text


# README 读到一半就断了：读到了标题、没读到代码块的一节不说“写法读不懂”；断在代码块里的说后面也许还有；
# 按 Makefile 说的也说 README 没读全；空的 README 不说“读不了、也许写了”
@our_tool("read_file")  # 读到一半就断了的是项目版本的 read_file（翻页最多 5 页）
@pytest.mark.parametrize(
    "tail, question, said",
    [("## Usage\n\nSee below.\n\n" + "x\n" * 1200 + "```bash\npython app.py\n```\n", "How do I run it?",
      "I read only the start of it"),
     ("## Usage\n\n```bash\n" + "".join(f"step {i}\n" for i in range(1200)) + "```\n", "How do I run it?",
      "the README was cut here"),
     ("x\n" * 1200 + "## Testing\n\n```bash\npytest\n```\n", "how do I run the tests", "I read only its beginning")],
)  # fmt: skip
def test_a_cut_readme_is_said_where_it_was_cut(workdir, tail, question, said):
    files = {"README.md": "# App\n\nAn app.\n\n" + tail, "app.py": "1\n", "Makefile": "test:\n\tpytest\n"}
    write_code(workdir, files)
    text = finals(workdir, question)[0]
    assert said in text and "not in a form I read" not in text, text


def test_an_empty_readme_is_not_called_unreadable(workdir):
    write_code(workdir, {"README.md": "", "app.py": "1\n"})
    text = finals(workdir, "How do I run it?")[0]
    assert "could not read" not in text and "usually `python app.py`" in text, text


# 问怎么跑测试、带着条件：还是测试的事（不是启动项目）；条件照原话说没做；平常的说法不说没认出
@pytest.mark.parametrize(
    "question, unknown",
    [("测试在本地怎么跑", False), ("测试在CI上怎么跑", True), ("How do I run just the unit tests?", True),
     ("How do I run the specs?", False), ("How do I run all tests?", False), ("How do I execute the tests?", False),
     ("What command runs the tests?", False), ("How should I run the tests?", False), ("怎么跑测试", False),
     ("How do I run the tests on CI?", True), ("测试怎么用 uv 跑", True)],
)  # fmt: skip
def test_a_test_question_with_or_without_a_condition_stays_a_test_question(question, unknown):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == ["tests"] and bool(ask.unknown) == unknown, ask


def test_how_do_i_run_them_with_a_condition_after_the_test_files_is_about_the_tests(workdir):
    write_code(
        workdir, {"README.md": "# X\n\nA tool.\n\n## Tests\n\n```bash\npytest -q\n```\n", "tests/test_a.py": "1\n"}
    )
    said = finals(workdir, "What are the test files?", "How do I run them on Windows?")[1]
    assert quoted(said, "pytest -q") and "To start it" not in said and "Windows" in said, said


# 接着“怎么跑测试”问哪一部分测试、在哪里跑（单元测试、集成测试、on Windows）：命令照旧给，那一句照原话说没做
@pytest.mark.parametrize(
    "follow_up, named",
    [("and only the unit tests?", "only the unit tests"), ("那单元测试呢？", "单元测试"), ("集成测试呢？", "集成测试"),
     ("what about the integration tests?", "integration tests"), ("and on Windows?", "Windows"),
     ("what about the tests?", "")],
)  # fmt: skip
def test_a_follow_up_about_some_of_the_tests_names_what_it_did_not_do(workdir, follow_up, named):
    package = {"scripts": {"test": "mocha", "test:unit": "mocha test/unit.test.js"}}
    write_code(workdir, {"package.json": json.dumps(package), "test/unit.test.js": "1\n", "test/int.test.js": "1\n"})
    said = finals(workdir, "How do I run the tests?", follow_up)[1]
    assert named in said and ("npm test" in said or "Windows" in named), said
    assert any(w in said for w in ("did not recognise", "没有认出", "can't tell what kind")) == bool(named), said


# AGENTS.md 说了库存在哪里，却不是每种商品一个文件：说规则里的写法读不懂，不说“请求里没有写”，也不说“你的订单”
def test_stock_rules_in_another_form_are_named_not_called_missing(inventory):
    (inventory / "AGENTS.md").write_text("所有商品的库存都在 `inventory.json` 里：一个 JSON 数组。\n", encoding="utf-8")
    said = finals(inventory, "How many blue pens are left?")[0]
    assert "mention the stock, but not in a form I read" in said and "does not say" not in said, said
    assert "your order" not in said, said


# 前面问了两种商品，只说一个数量：说分不清是哪一种，举的例子（带上商品名）它听得懂
def test_a_bare_quantity_after_two_items_asks_which_item_and_the_example_is_understood(inventory):
    said = finals(inventory, "3 盒红笔和 2 盒蓝笔，够吗？", "要是 2 盒呢？", "蓝笔要 2 盒呢？")
    assert "分不清这个数量说的是哪一种" in said[1] and "我没听懂" not in said[1], said[1]
    assert "2 ≥ 2" in said[2], said[2]
    assert kinds("What about 2 boxes of blue pens?") == [("inventory", [("蓝笔", 2)])]


# 新认的几种说法只在它们本来的样子下算：“…里都有啥”前面要是目录名，“what's in”后面要是目录；“依赖有哪些”是整句；
# “除了…”的列目录照原话说没做；说到 test mode、spec app 的还是问怎么启动
@pytest.mark.parametrize(
    "question, parts, unknown",
    [("这个文件里都有啥", [], True), ("测试里都有啥", [("tests", ".")], False), ("what's in the changelog?", [], True),
     ("What's in main?", [], True), ("What's in src other than js files?", [("ls", "src")], True),
     ("backend 的依赖有哪些", [], True), ("which deps are for dev", [], True), ("prod deps", [], True),
     ("express 的依赖有哪些", [], True), ("What are the deps of express?", [], True),
     ("How do I run the spec app?", [("entry", ".")], False), ("测试环境怎么启动", [("entry", ".")], True)],
)  # fmt: skip
def test_new_wordings_are_read_only_in_their_own_shape(question, parts, unknown):
    ask = understand(question)
    assert [(p.kind, p.folder) for p in ask.parts] == parts and bool(ask.unknown) == unknown, ask


def test_them_in_another_clause_does_not_make_an_entry_question_a_test_question(workdir):
    write_code(workdir, {"package.json": '{"main": "src/index.js", "scripts": {"test": "jest"}}', "src/index.js": "1\n",
                         "tests/a.test.js": "1\n"})  # fmt: skip
    said = finals(workdir, "What test files are there?", "Where is the entry point? Do they import it?")[1]
    assert "src/index.js" in said and "npm test" not in said, said


def test_how_many_boxes_are_left_after_an_order_does_not_carry_the_quantity(inventory):
    said = finals(inventory, "我要 3 盒红笔", "那蓝笔还剩几盒？")[1]
    assert "库存 2" in said and "2 < 3" not in said and "沿用" not in said, said


# ── 第四轮攻击、第 K 轮学习者：问的那一部分不能悄悄丢掉，也不能拿别的事实当回答 ─────────────────────────────
@pytest.mark.parametrize(
    "files, question, said, unsaid",
    [({"package.json": '{"devDependencies": {"prettier": "^3.0.0"}}', "app.py": "import flask\n"},
      "这个项目用什么语言写的？", "Python 的代码文件", "语言/运行时：Python"),
     ({"package.json": '{"devDependencies": {"turbo": "^2.0.0"}}', "backend/requirements.txt": "django==4.2\n"},
      "backend 用了什么技术栈", "Django", "turbo"),
     ({"README.md": '# tool\n\n<p align="center">A fast JSON formatter.</p>\n\nBefore you start, install it.\n'},
      "这个项目是做什么的？", "A fast JSON formatter.", "Before you start")],
)  # fmt: skip
def test_the_answer_is_about_what_was_asked(workdir, files, question, said, unsaid):
    """问的是代码是哪种语言（不只是清单）、backend 的技术栈、README 的第一段。"""
    write_code(workdir, files)
    text = finals(workdir, question)[0]
    assert said in text and unsaid not in text, text


def test_a_count_by_file_type_over_one_level_is_not_called_the_total(workdir):
    write_code(workdir, {"src/calc/cli.py": "1\n", "tests/test_cli.py": "1\n"})
    said = finals(workdir, "项目里有几个 Python 文件？", args=("--yes",))[0]
    assert "只算这一层" in said and "整个项目里可能更多" in said, said


@pytest.mark.parametrize(
    "question, names, unknown",
    [("这个项目是不是用 flask 写的？", ["flask"], False), ("is it built with django?", ["django"], False),
     ("入口文件在哪一行？", [], True), ("main.py 是入口吗？", [], True), ("where is the entry point", [], False),
     ("How many test files are there?", [], False)],
)  # fmt: skip
def test_the_asked_part_is_kept_or_named(question, names, unknown):
    ask = understand(question)
    assert ask.parts and ask.parts[0].names == names and bool(ask.unknown) == unknown, ask
    assert "how" not in ask.parts[0].asks, ask  # “How many”不是问怎么运行


# ── 第五轮攻击：上一轮的改动在相邻说法上的回退 ──────────────────────────────────────────────────────────
@pytest.mark.parametrize(
    "question, folder, names, unknown",
    [("What is the main entry point?", ".", [], False), ("入口文件叫什么名字", ".", [], False),
     ("Where does the code start executing?", ".", [], False), ("What is the entry point in src?", "src", [], False),
     ("How long do the tests take?", ".", [], True),
     ("Vue/React 的版本是多少", ".", [], False), ("requirements 的 flask 版本是多少", ".", ["flask"], False),
     ("这个项目是不是用 ts 写的", ".", [], False), ("这个项目是用 python3 写的吗", ".", [], False)],
)  # fmt: skip
def test_neighbours_of_the_last_changes_keep_their_reading(question, folder, names, unknown):
    ask = understand(question)
    assert ask.parts and (ask.parts[0].folder, ask.parts[0].names, bool(ask.unknown)) == (folder, names, unknown), ask


@pytest.mark.parametrize(
    "readme",
    ["# Proj\n\n<h2>Installation</h2>\n\nRun it.\n",
     '# Proj\n\n<p align="center"><a href="#features">Features</a> • <a href="#install">Install</a></p>\n\nA tool.\n',
     "# Proj\n\n<details>\n<summary>Table of Contents</summary>\n\n- a\n\n</details>\n\nA tool.\n"],
)  # fmt: skip
def test_html_headings_links_and_summaries_are_not_the_description(workdir, readme):
    write_code(workdir, {"README.md": readme})
    said = finals(workdir, "What does this project do?")[0]
    assert not any(w in said for w in ("Installation", "Features", "Table of Contents")), said


def test_code_of_a_language_whose_manifest_is_listed_is_not_called_without_one(workdir):
    write_code(workdir, {"package.json": "{}", "setup.py": "from setuptools import setup\n", "go.mod": "module x\n",
                         "main.go": "package main\n"})  # fmt: skip
    said = finals(workdir, "What tech stack does this project use?")[0]
    assert "whose manifest I did not see" not in said, said


def test_the_test_command_of_a_subproject_says_it_is_the_top_ones(workdir):
    write_code(workdir, {"package.json": '{"scripts": {"test": "jest"}}', "api/test_main.py": "def test(): pass\n",
                         "api/requirements.txt": "pytest\n"})  # fmt: skip
    said = finals(workdir, "api 的测试怎么跑")[0]
    assert "npm test" in said and "api 里自己的依赖清单" in said, said


# ── 第六轮攻击：问语言的版本不答项目自己的版本；测试过没过、入口的哪个函数、“用 jest 写的测试”照原话说没做 ───────────
@pytest.mark.parametrize(
    "question, asks, unknown",
    [("ts 的版本是多少", set(), False), ("What version of Python?", set(), False),
     ("项目自己的版本是多少", set(), True),
     ("Which tests fail?", set(), True), ("测试都通过了吗", set(), True), ("Who wrote the tests?", set(), True),
     ("入口在哪个函数", set(), True), ("What does the entry point do?", set(), True),
     ("入口是 main.py 还是 app.py？", set(), False), ("用 jest 写的测试有哪些", set(), True)],
)  # fmt: skip
def test_what_else_a_stack_test_or_entry_question_asks_is_named(question, asks, unknown):
    ask = understand(question)
    assert ask.parts and ask.parts[0].asks == asks and bool(ask.unknown) == unknown, ask


@pytest.mark.parametrize("para", ["&nbsp;", "English | 简体中文"])
def test_a_plain_html_paragraph_that_is_no_prose_is_not_the_description(workdir, para):
    write_code(workdir, {"README.md": f'# Foo\n\n<p align="center">{para}</p>\n\nFoo is a fast CSV parser.\n'})
    said = finals(workdir, "这个项目是做什么的？")[0]
    assert "Foo is a fast CSV parser." in said and para not in said, said


# 语气词结尾（啊、吧）、“X or Y”、“when you run npm start”、“通过哪个文件”都还是平常的问法：不加“没认出”，问到的名字不丢
@pytest.mark.parametrize(
    "question, names, unknown",
    [("这个项目用什么写的啊", [], False), ("是用 react 写的吧", ["react"], False),
     ("Is this built with Flask or Django?", ["Flask", "Django"], False),
     ("Where does the app start when you run npm start?", [], False), ("通过哪个文件启动", [], False),
     ("我写的测试怎么跑", [], False), ("本地开发的时候怎么启动项目", [], False),
     ("有哪些测试是用 jest 写的", ["jest"], True)],
)  # fmt: skip
def test_casual_endings_alternatives_and_via_keep_the_reading(question, names, unknown):
    ask = understand(question)
    assert ask.parts and ask.parts[0].names == names and bool(ask.unknown) == unknown, ask


# ── 第十六轮学习者：“How do I start the server and run the tests?”的后一半也是问怎么做，不是要我跑测试 ──────
@pytest.mark.parametrize(
    "question",
    [
        "How do I start the server and run the tests?",
        "How to start the app and run tests",
        "how can I run it and run the tests",
    ],
)
def test_the_second_half_of_a_how_question_asks_how_too(question):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == ["entry", "tests"] and "how" in ask.parts[1].asks and not ask.unknown


# ── 第八轮攻击：问“其中哪一些”（没通过的、没用上的、Docker 用的）时，整份清单不是回答，要说没做 ──────────
@pytest.mark.parametrize(
    "question",
    [
        "哪些测试没通过", "测试是不是都通过", "测试能不能通过", "测试都过了吗", "哪些测试挂了", "哪些测试被跳过了",
        "which tests are broken?", "which tests are flaky?", "which tests are skipped?", "are the tests green?",
        "which test files are empty?", "哪些依赖没用上", "which dependencies aren't imported anywhere?",
        "哪些依赖有安全问题", "which dependencies are deprecated?", "哪些依赖是运行时需要的",
        "which entry point does the Dockerfile use?", "what's the entry point for docker?", "生产环境的入口文件是哪个",
        "入口文件依赖哪些模块", "which deps are never imported?",
    ],
)  # fmt: skip
def test_which_of_the_tests_deps_or_entries_are_so_is_named_as_not_done(question):
    ask = understand(question)
    assert ask.unknown == [question.rstrip("?")], ask


@pytest.mark.parametrize(
    "question",
    [
        "有哪些测试文件？", "Which test files are there?", "测试文件在哪", "Where do the tests live?", "测试代码在哪里",
        "Where can I find the tests?", "Which tests exist?", "How many test files are there?", "一共有几个测试文件",
        "What are the dependencies?", "哪些依赖？", "Which frameworks does it use?", "Which libraries are used?",
        "What is the entry point?", "What's the entrypoint?", "入口文件叫什么名字", "What is the entry point in src?",
        "入口文件在哪个目录", "Which file is the entry point?", "通过哪个文件启动", "Where does the code start?",
    ],
)  # fmt: skip
def test_a_plain_tests_deps_or_entry_question_is_not_said_to_ask_more(question):
    ask = understand(question)
    assert ask.parts and not ask.unknown, ask


def test_a_route_not_found_as_one_string_is_not_said_to_be_absent(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "package.json").write_text('{"name": "rt", "dependencies": {"express": "^4"}}', encoding="utf-8")
    code = "const router = express.Router();\nrouter.get('/hello', f);\napp.use('/api', router);\n"
    (tmp_path / "src" / "index.js").write_text(code, encoding="utf-8")
    for said in finals(
        tmp_path, "is /api/hello used anywhere?", "有没有用到 /api/hello", "is the /api/hello route used?"
    ):
        assert "written in pieces" in said or "分几段写" in said, said
        assert "declaration or import of route" not in said, said


def test_a_readme_section_with_more_code_blocks_says_it_copied_only_the_first(tmp_path):
    steps = "## Usage\n\n1. Install:\n\n```bash\npip install -r requirements.txt\n```\n\n"
    steps += "2. Start:\n\n```bash\npython server.py\n```\n"
    (tmp_path / "README.md").write_text("# rd\n\nA server.\n\n" + steps, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("flask\n", encoding="utf-8")
    (tmp_path / "server.py").write_text("print(1)\n", encoding="utf-8")
    for said in finals(tmp_path, "怎么运行这个项目", "how do I start the server?"):
        assert "pip install" in said and ("还有 1 个代码块" in said or "1 more code block" in said), said


def test_a_follow_up_that_keeps_the_item_and_the_quantity_says_both_were_kept(inventory):
    said = finals(inventory, "我需要 3 盒红笔。库存够吗？", "要是 2 盒呢？", "一共多少钱？")
    assert "商品和数量沿用你前面问的：红笔 2 盒" in said[2] and "24" in said[2], said[2]
    said = finals(inventory, "I need 3 boxes of red pens. Enough?", "What about 2 boxes?", "How much in total?")
    assert "Same items and quantities as you asked earlier" in said[2] and "24" in said[2], said[2]


# ── 第九轮攻击、第十七轮学习者：平常问测试、入口、依赖的说法不说“没认出”；问其中哪一些、还带条件的，要说 ──────
PLAIN_WORDINGS = [
    '测试用例有哪些？', '测试用例在哪里？', '项目里有哪些测试用例？', 'tests 文件夹里有哪些测试文件？',
    '项目的测试在哪个文件夹里？', 'tests/ 下面有哪些测试文件？', 'which test files are under tests/?',
    '测试脚本在哪？', '我该去哪里找测试？', '这个仓库的测试在哪？', '测试相关的文件有哪些？', '入口文件是哪一个？',
    '请问入口文件是哪一个？', '入口文件是哪一个呀？', '入口是哪一个文件？', '这个项目的入口是哪一个？',
    '入口脚本是哪个？', '入口模块是哪个？', 'Which module is the entry point?', 'What is the entry point module?',
    '入口文件在哪个位置？', "what's the entry point's name and path?", "where's the entry point in src/?",
    '这个项目用了哪些第三方库？', 'which third-party libraries does it use?', '程序的入口是哪个文件？',
    '程序入口在哪？', '这个程序的入口文件是哪个？', '应用的入口是哪个文件？', '这个仓库的入口文件是哪个？',
    '这个工程的入口在哪？', '源码的入口是哪个文件？', '代码入口在哪？', '整个项目的入口文件是哪个？',
    'Which file is the entry point of the application?', "What is the program's entry point?",
    "What's the application entry point?", 'What is the entry point of the code?',
    'Where is the entry point of the source code?', "What's the starting point of the code?", '启动命令是啥？',
    '怎么启动服务器？', 'How do I start it in dev mode?', 'Where is the test code?', 'Where are the spec files?',
    '这个工程有哪些测试？', '源码里有测试吗？', 'Does the code have tests?',
    'Which technologies does the project use?', 'Which language is it written in?', '都用了哪些技术？',
    '整个项目用了哪些依赖？', '这个仓库用了哪些库？', '这个工程依赖哪些包？', '这个应用用了哪些框架？',
    '源码用了哪些库？', '代码里用了哪些库？', '整个项目有哪些测试？', '哪些测试在 src 目录里？',
    '哪些测试在 tests 文件夹里？', '哪些测试文件在仓库里？', 'Which dependencies are needed?',
    'Which dependencies does the whole project use?', 'Which libraries does the code use?',
    'Which tests are in this application?', 'Which tests are in the source code?',
    'Which dependencies does my project have?', 'Which libraries does my app use?',
    'Which dependencies are declared?', 'Which libraries are included?',
    'Which dependencies does this project rely on?', 'Which libraries does this repo pull in?',
    'Which dependencies are needed to run it?', '我的项目有哪些依赖？', '我这个项目用了哪些库？',
    '项目一共用了哪些依赖？', '能告诉我项目用了哪些库吗？', '项目引入了哪些库？', '项目里都用了哪些框架和库？',
    '这个项目主要用了哪些依赖？', 'Which test files does my project have?', 'List all the test files in the repo.',
    'Where are all the tests?', 'I want to see the test files', 'Where can I see the test cases?',
    'Where are the tests written?', 'Does the project include tests?', '我的项目有哪些测试文件？',
    '测试文件在什么地方？', '我想看看测试文件', 'How do I run the test suite from the command line?',
    '用什么命令跑测试？', '我要怎么跑测试？', '测试要怎么运行？', '应该怎么跑测试？', '我该怎么运行它？',
    '这个项目要怎么启动？', 'How do I start it up?', 'How do I run this thing?',
    'What tech stack does this project use?', 'What frameworks does it use?', 'What libraries does it depend on?',
    '这个项目用了什么技术栈？', '用了什么框架？', 'What are the dependencies and their versions?',
    '这个项目用了什么库？', '哪些依赖是可选的？', 'what dependencies are optional?',
    '这个项目用了什么技术栈？TypeScript 是什么版本？', 'What is the entry file called?',
    "What's the entry point called?", "What's the main script called?", 'What libraries are being used?',
    'What are all the dependencies?', 'What are the main dependencies?', '测试用的什么框架？', '用什么语言开发的？',
    '这个工具用了什么库？', '我想知道这个项目用了什么技术栈', "What's the tech stack of this database project?",
    "What's the tech stack of this production service?", "What's the entry point called in this project?",
    'What is the main file called in this repo?', 'What does it depend on?', 'Are there any dependencies?',
    'Does this project have dependencies?', 'How can I see the tech stack?',
]  # fmt: skip
QUALIFIED = [
    "what's the entry point for the tests?", '入口文件什么时候改的？', '哪些测试文件测的是 API？',
    '哪些测试是 API 的？', 'which tests are for the cli?', '哪些依赖在 src 里用到了？', '开发时的入口文件是哪个？',
    'which tests run in CI?', '哪些依赖被用到了？', 'which tests are slow', '入口文件在 Windows 上是哪个',
    '哪些测试被跳过了', '哪些测试没通过', 'which tests are broken?', 'How do I use express?', '前端怎么跑？',
    '后端怎么启动？', '怎么启动网站？', '哪些测试慢？', 'Which tests are UI tests?', '哪些文件没有测试？',
    '哪些测试是 js 写的？', 'Which tests are e2e?', '哪些依赖没有写版本？', '哪些依赖是给前端用的？',
    'How do I run the tests in dev mode?', 'Is src/app/__main__.py the entry point?', 'cli.py 的测试在哪？',
    'Where are the tests for server.py?', 'Which test files test cli.py?',
    'which dependencies are listed in pyproject.toml?', '哪些依赖写在 package.json 里？',
    'which dependencies do I need to install?', '哪些依赖需要安装？', 'Python 的测试文件有哪些？',
    '依赖了哪些 Python 包？', '依赖了哪些 npm 包？', 'Which tests are python?', '哪些测试是命令行的？',
    '哪些依赖是 node 的？', 'Which dependencies are written in python?', '哪些依赖安装了？',
    'requirements.txt 里有哪些依赖？', 'latest.py 的测试在哪？', 'Where are the tests for latest.py?',
    'Which Python file is the entry point?', "What's the entry point of this Node app?",
    "What's the entry point of the Python code?", 'Python 代码的入口在哪？',
    "What's the entry point and where is it called?", 'What dependencies are missing?',
    'What dependencies are not installed?', 'What dependencies are deprecated?',
    'What are the production dependencies?', '项目用了什么不安全的依赖？', '有什么依赖没用上？',
    '项目有什么依赖需要升级？', '生产环境用了什么依赖？', '用了什么数据库？', '什么依赖最重要？',
    '除了 react 以外还依赖什么？', 'What dependencies does it use other than react?',
    'What frameworks does it use except react?', '帮我把版本号改成 0.4.0', 'Please bump the version to 0.4.0',
    'Does the project use unit tests?', 'Where can I find the parser tests?', '依赖有哪些（jest 除外）？',
    'What dependencies does it have, without jest?', 'What dependencies are there besides jest?',
    'What dependencies need updating?', 'What dependencies are used by the tests?',
    'What dependencies can I remove?', 'What are the runtime dependencies?',
    'What dependencies are only needed for development?', 'What packages are required at runtime?',
    'What libraries does the test suite use?', 'What licence do the dependencies have?',
    'What dependencies are pinned to an exact version?', '有什么依赖没用到？', '用了什么 ORM？',
    'What dependencies are there if you ignore jest?', 'What are the dependencies, leaving jest out?',
    'jest 不算的话依赖有哪些？', 'Where are the e2e tests?', 'Where are the UI tests?', 'e2e 测试在哪里？',
    'What does it use instead of webpack?', 'Are the dependencies compatible with Node 20?', '依赖兼容 Node 20 吗',
    'Are the dependencies safe?', 'Do the dependencies work on Windows?', 'Which dependencies does react depend on?',
    'What dependencies does jest need?',
]  # fmt: skip


@pytest.mark.parametrize("question", PLAIN_WORDINGS)
def test_everyday_wordings_of_tests_entry_and_dependency_questions_get_no_note(question):
    ask = understand(question)
    assert ask.parts and not ask.unknown, ask


@pytest.mark.parametrize("question", QUALIFIED)
def test_a_question_about_some_of_them_or_how_to_use_a_library_is_named(question):
    assert understand(question).unknown, question


@pytest.mark.parametrize(
    "question",
    [
        "Which packages does this project depend on?",
        "What are the dependencies of this project?",
        "And what does it depend on?",
    ],
)
def test_depend_on_and_dependencies_of_this_project_are_stack_questions(question):
    assert [p.kind for p in understand(question).parts] == ["stack"]


def test_a_program_word_or_dev_mode_is_not_a_folder_and_a_command_question_is_how_to_run(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "test").mkdir()
    scripts = {"start": "node src/server.js", "dev": "nodemon src/server.js", "test": "mocha test/"}
    package = {"name": "na", "main": "src/server.js", "scripts": scripts, "devDependencies": {"mocha": "^10"}}
    (tmp_path / "package.json").write_text(json.dumps(package), encoding="utf-8")
    (tmp_path / "src" / "server.js").write_text("require('express')\n", encoding="utf-8")
    (tmp_path / "test" / "a.test.js").write_text("it('x', () => {})\n", encoding="utf-8")
    asked = ["How do I start the server?", "How do I start it in dev mode?", "用的什么测试框架？测试命令是什么？"]
    start, dev, command = finals(tmp_path, *asked)
    assert "npm start" in start and "dev" in dev and "npm test" in command
    for said in (start, dev, command):
        assert "which folder" not in said and "did not recognise" not in said and "没有认出" not in said, said


def test_the_start_and_test_commands_are_quoted_from_the_readme_and_a_cli_tool_is_a_program(tmp_path):
    readme = "# fa\n\nA flask app.\n\n## 运行\n\n```bash\npython app.py\n```\n\n## 测试\n\n```bash\npytest tests\n```\n"
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("flask==3.0.3\n", encoding="utf-8")
    (tmp_path / "app.py").write_text("app.run()\n", encoding="utf-8")
    both, tool = finals(tmp_path, "项目的启动命令和测试命令分别是什么？", "怎么运行这个命令行工具？")
    assert "python app.py" in both and "pytest tests" in both and "没有认出" not in both, both
    assert "python app.py" in tool and "没有认出" not in tool, tool


def test_an_item_asked_only_for_its_stock_carries_no_quantity_into_the_note(inventory):
    said = finals(inventory, "我要 3 盒红笔，蓝笔库存多少？", "一共多少钱？")[1]
    assert "None" not in said and "商品和数量沿用" not in said, said
    said = finals(inventory, "I need 3 boxes of red pens; how many blue pens are in stock?", "How much in total?")[1]
    assert "None" not in said and "Same items and quantities" not in said, said


def test_a_system_path_not_found_gets_no_route_note(tmp_path):
    (tmp_path / "a.py").write_text("print(1)\n", encoding="utf-8")
    for said in finals(tmp_path, "where is /usr/bin/node used?", "does the code use /tmp?"):
        assert "route" not in said, said


def test_code_blocks_of_another_language_before_the_shell_block_are_counted(tmp_path):
    usage = "## Usage\n\n```python\nimport x\n```\n\n```python\nx.run()\n```\n\n```bash\nmyapp run\n```\n"
    (tmp_path / "README.md").write_text("# rd\n\nA tool.\n\n" + usage, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("flask\n", encoding="utf-8")
    said = finals(tmp_path, "How do I run it?")[0]
    assert "myapp run" in said and "2 more code block" in said, said


@our_tool("read_file")  # 章节的 read_file 只读前 5000 个字符：读不到“测试”那一节
def test_the_repositorys_own_readme_tells_the_demo_how_to_run_the_tests():
    """学习者先问的常是这个仓库自己：README 的“测试”一节是演示读得懂的写法。"""
    said = finals(ROOT, "怎么跑测试？", "How do I run the tests?")
    for answer in said:
        assert "python -m pytest -q" in answer and "python tests/lesson.py" in answer, answer


@pytest.mark.parametrize(
    "then", ["And if it's 2 boxes?", "And if it is 2 boxes?", "What if I need 2 boxes?", "So if it's 2 boxes?"]
)
def test_an_english_if_follow_up_with_a_new_quantity_keeps_the_item(inventory, then):
    said = finals(inventory, "I need 3 boxes of blue pens. Is there enough in stock?", then)[1]
    assert "2 × 8 = 16" in said and "Same items as you asked earlier: blue pens" in said, said


def test_the_repositorys_own_entry_is_the_top_level_file_with_a_main_guard():
    said = finals(ROOT, "入口文件是哪个？", "What is the entry point?")
    assert '顶层的 .py 文件里 agent.py 有一行 `if __name__ == "__main__":`，入口可能是它' in said[0], said[0]
    assert "agent.py is the top-level .py file with a line" in said[1] and "may be the entry point" in said[1], said[1]


def test_a_main_guard_in_a_deeper_file_or_a_cut_search_is_not_called_the_entry(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "cli.py").write_text('if __name__ == "__main__":\n    main()\n', encoding="utf-8")
    (tmp_path / "util.py").write_text("x = '__main__'\n", encoding="utf-8")
    said = finals(tmp_path, "入口文件是哪个？")[0]
    assert "没有常见的入口文件" in said and "pkg/cli.py" not in said and "util.py" not in said, said


def test_a_part_of_a_monorepo_asked_how_to_run_is_named_and_a_missing_program_word_is_no_folder(tmp_path):
    (tmp_path / "server").mkdir()
    (tmp_path / "frontend").mkdir()
    package = {"name": "mono", "main": "server/index.js", "scripts": {"start": "node server/index.js"}}
    (tmp_path / "package.json").write_text(json.dumps(package), encoding="utf-8")
    (tmp_path / "server" / "index.js").write_text("require('express')\n", encoding="utf-8")
    (tmp_path / "frontend" / "package.json").write_text('{"scripts": {"dev": "vite"}}', encoding="utf-8")
    for said in finals(tmp_path, "前端怎么跑？", "后端怎么启动？", "怎么启动网站？"):
        assert "npm start" in said and "没有认出" in said, said
    for said in finals(tmp_path, "How do I run the API?", "Where does the app start?"):
        assert "server/index.js" in said and "which folder" not in said, said


# ── 第十一轮攻击：入口的另一种找法只说“可能是”；测试文件、setup.py 不算；几个就说不准；没搜全也说 ──────────
@pytest.mark.parametrize(
    "files, said",
    [
        ({"scaffold.py": 'T = """\nif __name__ == "__main__":\n"""\n', "tool.py": "x = 1\n"}, "在不在函数或字符串里"),
        ({"calc.py": "x = 1\n", "test_calc.py": 'if __name__ == "__main__":\n    pass\n'}, "也没有"),
        ({"setup.py": 'if __name__ == "__main__":\n    pass\n', "calc.py": "x = 1\n"}, "也没有"),
        ({"a.py": 'if __name__ == "__main__":\n', "b.py": 'if __name__ == "__main__":\n'}, "哪个是入口我说不准"),
        ({"tool.py": "if '__main__' == __name__:\n    pass\n"}, "有一行 `if '__main__' == __name__:`"),
    ],
)  # fmt: skip
def test_a_main_guard_found_by_a_search_is_a_hedged_entry(tmp_path, files, said):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    answer = finals(tmp_path, "入口文件是哪个？")[0]
    assert said in answer and "入口文件应该是" not in answer, answer


def test_a_cut_search_for_the_guard_says_other_files_may_have_one(tmp_path):
    (tmp_path / "aaa_notes.py").write_text('if __name__ == "__main__":\n' + "# __main__\n" * 80, encoding="utf-8")
    (tmp_path / "zcli.py").write_text('if __name__ == "__main__":\n    main()\n', encoding="utf-8")
    answer = finals(tmp_path, "What is the entry point?")[0]
    assert "the search results were not complete" in answer, answer


@pytest.mark.parametrize("question", ["How do I start the frontend?", "What is the client's entry file?"])
def test_a_front_end_word_with_no_such_folder_is_still_named(tmp_path, question):
    (tmp_path / "package.json").write_text('{"scripts": {"start": "node server.js"}}', encoding="utf-8")
    (tmp_path / "server.js").write_text("require('express')\n", encoding="utf-8")
    answer = finals(tmp_path, question)[0]
    assert "server.js" in answer and "could not tell which folder" in answer, answer


def test_a_command_in_another_manifest_or_a_description_is_not_a_script_line_of_this_one(tmp_path):
    (tmp_path / "tools").mkdir()
    root = {"name": "x", "description": "Tiny express demo", "dependencies": {"express": "^4"}}
    (tmp_path / "package.json").write_text(json.dumps(root, indent=1), encoding="utf-8")
    tool = {"scripts": {"serve": "express --port 3000"}}
    (tmp_path / "tools" / "package.json").write_text(json.dumps(tool, indent=1), encoding="utf-8")
    answer = finals(tmp_path, "Is express used?")[0]
    assert "same manifest" not in answer and "Tiny express demo" not in answer.split("It also appears")[0], answer


def test_which_tests_are_in_the_repository_does_not_list_a_folder_called_repository(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text("def test_a(): pass\n", encoding="utf-8")
    answer = finals(tmp_path, "Which tests are in the repository?")[0]
    assert "tests/test_a.py" in answer and "repository 不存在" not in answer, answer


def test_every_question_the_readme_quotes_is_read_without_a_note():
    """README 里引着的问题（练习、英文问法）：学习者照着问，回答不该说“没认出”。"""
    quoted = set()
    for name in ("README.md", "README.en.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        quoted |= set(re.findall(r"“([^”\n]{4,80})”", text)) | set(re.findall(r'"([^"\n]{6,80})"', text))
    asked = [q for q in quoted if re.search(r"[？?]|什么|哪|怎么|多少|有没有|\b(?:is|what|how|which|where)\b", q, re.I)]
    assert "帮我看看 tests 目录下有哪些测试文件" in asked
    noted = [(q, understand(q).unknown) for q in asked if understand(q).parts and understand(q).unknown]
    assert not noted, noted


# ── 第十八轮学习者：“where is X defined”并进“is Y used”不说没认出；问怎么装依赖要说没做；项目自己的名字不是库；
#    改了口以后“重新读一下”不说这句话里有“不对” ──────────────────────────────────────────────
@pytest.mark.parametrize("question", ["How do I install the dependencies?", "How should I set up the dependencies?"])
def test_how_to_do_something_with_the_dependencies_is_named_as_not_done(question):
    ask = understand(question)
    assert ask.unknown, ask


@pytest.mark.parametrize(
    "files, question, expected",
    [({"manage.py": "import sys\n", "requirements.txt": "Django==4.2\n"}, "这个项目怎么启动？",
      ["`python manage.py runserver`", "按文件类型说的"])],  # Django 的 manage.py 按惯例猜，说是猜的
)  # fmt: skip
def test_a_django_manage_py_is_said_as_a_guess(tmp_path, files, question, expected):
    write_code(tmp_path, files)
    said = finals(tmp_path, question)[0]
    assert all(text in said for text in expected), said


def test_read_it_again_after_a_changed_order_does_not_quote_a_word_it_did_not_say(inventory):
    said = finals(inventory, "我需要 3 盒红笔。库存够吗？", "不对，是 4 盒", "重新读一下")[2]
    assert "上一句里有“不对”" in said and "这句话里有" not in said, said


# ── 第十九轮学习者：“this CLI”的入口不说没认出；要我改代码（重构）的不当成搜索 ──────────────────────
def test_the_entry_point_of_this_cli_or_tool_gets_no_note():
    for question in (
        "What is the entry point of this CLI?",
        "What is the entry point of the tool?",
        "这个命令行工具的入口是哪个？",
    ):
        ask = understand(question)
        assert [p.kind for p in ask.parts] == ["entry"] and not ask.unknown, ask


@pytest.mark.parametrize(
    "question", ["Please refactor agent.py to use asyncio.", "把 agent.py 重构成异步的", "Rewrite app.py in TypeScript"]
)
def test_a_request_to_change_code_is_named_not_searched(question):
    ask = understand(question)
    assert not ask.parts and ask.unknown, ask


def test_a_library_a_page_loads_from_a_cdn_is_not_called_the_projects_own_name(tmp_path):
    cdn = '<script src="https://cdn.jsdelivr.net/npm/dayjs@1/dayjs.min.js"></script>\n'
    (tmp_path / "index.html").write_text(cdn, encoding="utf-8")
    (tmp_path / "app.js").write_text("const dayjs = window.dayjs;\ndayjs().format();\n", encoding="utf-8")
    said = finals(tmp_path, "Is dayjs used anywhere?")[0]
    assert "not a library called dayjs" not in said and "This project defines dayjs" not in said, said


@pytest.mark.parametrize(
    "files",
    [{"index.html": '<script src="https://cdn.example.com/dayjs.min.js"></script>\n',
      "app.js": "const dayjs = window.dayjs || null;\n"},
     {"app.js": "const dayjs = globalThis.dayjs;\n"}, {"app.js": "const dayjs = window['dayjs'];\n"},
     {"app.ts": "const dayjs = (window as any).dayjs;\n"}],
)  # fmt: skip
def test_a_library_taken_from_the_page_is_not_a_definition(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    said = finals(tmp_path, "Is dayjs used anywhere?")[0]
    assert "This project defines dayjs" not in said, said


def test_a_word_before_tests_is_not_searched_as_a_library(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "index.test.js").write_text("test('x', () => {})\n", encoding="utf-8")
    for said in finals(tmp_path, "Does the project use unit tests?", "Where can I find the parser tests?"):
        assert "was not found" not in said and "searched as parser" not in said, said


# ── 第二十轮学习者：“also”只在逗号前拆句；问文件里关于哪一部分的，说没做 ─────────────────────────────
def test_also_inside_a_sentence_does_not_cut_off_the_rest():
    ask = understand("Which version of React does it use, and is react-dom also used in the code?")
    assert [(p.kind, p.names) for p in ask.parts] == [("stack", ["React"]), ("use", ["react-dom"])], ask


@pytest.mark.parametrize(
    "question", ["README.en.md 里关于 --step 说了什么？", "What does README.md say about installation?"]
)
def test_what_a_file_says_about_one_thing_is_named_as_not_done(question):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == ["file"] and ask.unknown, ask


# ── 最后一轮学习者：“那怎么运行它们？”不说没认出；几个库的版本都算问到了；英文问单价不带数量 ──────────────
def test_how_do_i_run_them_after_the_test_files_gets_no_note(project):
    said = finals(project, "帮我看看 tests 目录下有哪些测试文件", "那怎么运行它们？")[1]
    assert "npx jest" in said and "没有认出" not in said, said


def test_versions_of_two_libraries_name_both():
    ask = understand("What versions of React and Express does this project use?")
    assert [(p.kind, p.names) for p in ask.parts] == [("stack", ["React", "Express"])] and not ask.unknown, ask


def test_the_unit_price_after_an_order_follow_up_carries_no_quantity(inventory):
    said = finals(inventory, "I need 3 boxes of red pens. Is there enough in stock?", "What about blue pens?",
                  "What is the unit price?")[2]  # fmt: skip
    assert "8 CNY each" in said and "did not price" not in said, said


@pytest.mark.parametrize(
    "question",
    ["这个项目的技术栈是怎样的？", "技术栈怎么样？", "How is the tech stack?", "How can I see the tech stack?",
     "What libraries are used by this project?"],
)  # fmt: skip
def test_what_the_stack_is_like_is_a_plain_stack_question(question):
    ask = understand(question)
    assert [p.kind for p in ask.parts] == ["stack"] and not ask.unknown, ask


def test_a_guard_line_cut_before_its_colon_still_names_the_file(tmp_path):
    """搜到的一行太长，截在冒号前面（练习 4 把结果改小了更常见）：还是那一行；后面带着条件的也是。"""
    guard = 'if __name__ == "__main__" and not os.environ.get("' + "X" * 220 + '"):'
    (tmp_path / "tool.py").write_text(f"import os\n\n{guard}\n    pass\n", encoding="utf-8")
    said = finals(tmp_path, "What is the entry point?")[0]
    assert "tool.py is the top-level .py file" in said, said
