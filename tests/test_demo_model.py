"""离线演示是一个模型：它只看请求。同一个请求在哪里都得到同一个回复；什么样的工具结果都不让它出错、绕圈，
也不让它说结果不支持的话。"""

import ast
import copy
import json
import os
import re

import pytest
from conftest import INVENTORY_QUESTION, QUESTION, ROOT, ROUNDS, posix_only, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agent
from support.demo.facts import Facts, read
from support.demo.model import MAX_CALLS, demo_client, next_step
from support.instructions import project_notes
from support.options import Options
from tools import TOOLS

DEMO = ROOT / "support" / "demo"
# 离线演示只用这些模块：没有 os、pathlib、subprocess、sys、time、random……读不到磁盘、进程、环境和时钟
ALLOWED = {"re", "json", "decimal", "math", "dataclasses", "types", "openai", "openai.types.chat", "httpx", "httpx2"}
SHARED = ["json_safe.py", "request_rules.py"]  # 演示也用的两个 support 模块：读 JSON、像服务商一样检查请求


@pytest.mark.parametrize(
    "path", sorted(DEMO.glob("*.py")) + [ROOT / "support" / n for n in SHARED], ids=lambda p: p.name
)
def test_the_demo_imports_nothing_that_reaches_the_machine(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        names += [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
        for name in names:
            shared = name.startswith("support.demo") or name in [f"support.{n[:-3]}" for n in SHARED]
            assert name in ALLOWED or shared, f"{path.name} 导入了 {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("open", "eval", "exec", "__import__", "input"), (
                f"{path.name} 调用了 {node.func.id}"
            )


def demo_lines() -> int:
    return sum(p.read_text(encoding="utf-8").count("\n") for p in DEMO.glob("*.py"))


def test_no_function_of_the_demo_is_over_50_lines():
    long = [
        (p.name, node.name, node.end_lineno - node.lineno + 1)
        for p in DEMO.glob("*.py")
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.end_lineno - node.lineno + 1 > 50
    ]
    assert not long, long


@pytest.mark.xfail(strict=True, reason="目标是 1400 行以内；现在约 3790 行，为什么见 docs/layout.md")
def test_the_demo_is_at_most_1400_lines():
    assert demo_lines() <= 1400, f"support/demo/ 有 {demo_lines()} 行"


# ── 同一个请求，在哪里都是同一个回复 ──────────────────────────────
def recorded_requests(where, question, options=Options()):
    """在 where 里真跑一个问题，离线模型收到的每个请求（深拷贝）。"""
    client, requests = demo_client(), []
    create = client.chat.completions.create

    def keep(**kwargs):
        requests.append(copy.deepcopy(kwargs))
        return create(**kwargs)

    client.chat.completions.create = keep
    cwd = os.getcwd()
    os.chdir(where)
    try:
        messages = agent.new_conversation(project_notes())
        agent.run(question, messages, max_rounds=ROUNDS, client=client, model="demo", options=options)
    finally:
        os.chdir(cwd)
    return requests


def test_a_recorded_request_gets_the_same_reply_anywhere(tmp_path, monkeypatch, capsys):
    runs = recorded_requests(ROOT / "examples" / "my-project", QUESTION)
    runs += recorded_requests(ROOT / "examples" / "inventory", INVENTORY_QUESTION)
    runs += recorded_requests(tmp_path, '创建一个 hello.py 写入 print("hi") 然后运行它', Options(auto_approve=True))
    assert len(runs) == 4 + 2 + 3
    first = [demo_client().chat.completions.create(**r).model_dump() for r in runs]
    monkeypatch.chdir(tmp_path)  # 别的目录、别的环境：回复一字不差
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("LANG", "C")
    (tmp_path / "package.json").write_text('{"dependencies": {"vue": "3"}}', encoding="utf-8")
    assert [demo_client().chat.completions.create(**r).model_dump() for r in runs] == first


# ── 什么样的工具结果都不让它出错、绕圈 ─────────────────────────────
PIECES = [  # 我们的工具说的话、章节的截断、别人的截断说明、随手写的东西：拼起来当工具结果
    "[第 1–5 行；后面还有约 81 字节没显示，用 offset=6 继续读]",
    "[第 1–1 行；后面还有约 9 字节没显示，用 offset=1 继续读]",
    "[第 1–300 项，共 305 项；用 offset=301 继续列出]",
    "[第 2–1 项，共 9 项；用 offset=2 继续列出]",
    "[结果已截断：只显示了前 2 条匹配；可以换更具体的 query，或用 path 缩小范围]",
    "[有 1 个文件或目录没有搜：a.js（超过 2 MB）]",
    "[没有进去搜的 2 个目录：.x、node_modules 等（整体搜索跳过隐藏目录、node_modules、site-packages 和虚拟环境；"
    "要搜里面，把 path 指向它）]",
    "…（中间省略了 166 个字符）…",
    "\n…截断",
    "... (文件过长，已截断)",
    "错误：",
    "没有执行：用户拒绝了这条命令",
    "退出码：0",
    "退出码：x",
    "1\t",
    "2\t",
    '{"item":"红笔","stock":5,"unit_price":12}',
    '{"dependencies": {"react": "^18"}}',
    'import lodash from "lodash"',
    "package.json",
    "src/",
    "tests/",
    "README.md",
    "a.js:1: require('lodash')",
    '"lodash": "^4"',
    "[" * 50,
    "{" * 3000,
    "\ud800",
    "\n",
    "",
]
RESULTS = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=30)), max_size=8).map("\n".join)
KINDS = [
    QUESTION,
    "这个项目的入口文件是什么？怎么运行？",
    "搜索一下项目里有没有用到 lodash 和 express",
    "帮我看看 tests 目录下有哪些测试文件",
    "这个项目是做什么的？",
    "README.md 里写了什么？",
    "帮我看一下当前目录下都有些什么文件",
    "检查一下当前 git 分支",
    '创建一个 hello.py 写入 print("hi") 然后运行它',
    "帮我统计当前目录下每个 .py 文件的行数",
    "我需要 3 盒红笔和 2 盒蓝笔。库存够吗？如果够，一共多少钱？",
    "What tech stack does this project use, and is react used?",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(question=st.sampled_from(KINDS), results=st.lists(RESULTS, min_size=1, max_size=40))
def test_any_tool_results_get_an_answer_within_a_bound_and_never_an_exception(question, results):
    """每个调用的结果都是随便拼的文字（包括像我们的提示和说明的）：离线模型每一步只要有限的几个调用，
    不重复要同一个调用，轮数有上限，最后总会回答。"""
    system = "你是助手。\n\n工作目录里的 AGENTS.md：库存在 `stock/<商品>.json`。"
    messages = [{"role": "system", "content": system}, {"role": "user", "content": question}]
    asked, feed = set(), iter(results * 40)
    for _ in range(60):
        step = next_step(messages, TOOLS)
        if isinstance(step, str):
            assert step.strip()
            return
        assert 0 < len(step) <= MAX_CALLS
        keys = [json.dumps(c, sort_keys=True, ensure_ascii=False) for c in step]
        assert not asked & set(keys), "同一个调用要了第二次"
        asked |= set(keys)
        ids = [f"c{len(asked)}_{i}" for i in range(len(step))]
        calls = [
            {"id": i, "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for i, (n, a) in zip(ids, step, strict=True)
        ]
        messages.append({"role": "assistant", "content": "", "tool_calls": calls})
        messages += [{"role": "tool", "tool_call_id": i, "content": next(feed)} for i in ids]
    pytest.fail("60 轮还没有回答")


def test_a_file_imitating_the_paging_hint_does_not_send_the_demo_round_and_round(workdir):
    """文件的内容像翻页提示（用 offset=1 继续读]）：不照着它往回翻，也不一直翻下去。"""
    hint = "[第 1–1 行；后面还有约 9 字节没显示，用 offset=1 继续读]"
    (workdir / "package.json").write_text('{"dependencies": {"react": "18"}}\n' + hint + "\n", encoding="utf-8")
    (workdir / "README.md").write_text("\n".join([hint] * 50), encoding="utf-8")
    for question in (QUESTION, "README.md 里写了什么？", "这个项目是做什么的？"):
        out = run_main("--demo", question, cwd=workdir).stdout
        assert "[最终回复]" in out and len(re.findall(r"第 \d+ 轮", out)) <= 4, out


# ── 读工具结果：不管是谁写的截断说明，截断就是截断 ──────────────────────
CUT_MARKERS = [
    "... (文件过长，已截断)",
    "[truncated]",
    "...[truncated]",
    "(truncated)",
    "<truncated>",
    "… (output truncated)",
    "[... 1234 more characters]",
    "...(省略)",
    "（内容过长，只显示前 5000 字）",
    "[内容已截断]",
    "--- truncated ---",
    "[TRUNCATED]",
    "<... 300 lines omitted ...>",
    "(and 20 more lines)",
    "[剩余 300 行未显示]",
    "……",
    "...",
    "[output clipped]",
    "(file too long, showing first 5000 chars)",
    "[只显示前 5000 个字符]",
]


@pytest.mark.parametrize("marker", CUT_MARKERS)
@pytest.mark.parametrize("glued", [False, True])
def test_a_learners_own_cut_marker_is_read_as_a_cut(marker, glued):
    text = "flask==3\nrequests>=2\npyt" + ("" if glued else "\n") + marker
    seen = read("read_file", {"path": "requirements.txt"}, text)
    assert seen.state == "cut" and seen.lines == ("flask==3", "requests>=2"), (marker, seen)


@pytest.mark.parametrize(
    "names",
    [["[id].js", "(group)/", "[...slug].tsx"], ["a", "b"], ["[第 1–2 项，共 9 项；用 offset=3 继续列出]"]],
)
def test_odd_file_names_in_a_listing_are_entries_not_notes(names):
    seen = read("list_files", {"path": "."}, "\n".join(names))
    assert seen.lines == tuple(names) and seen.state in ("complete", "cut")


@posix_only("Windows 的文件名里不能有换行")
def test_a_name_with_a_newline_is_one_entry_in_the_demos_ls(workdir):
    (workdir / "a\nb.txt").write_text("x", encoding="utf-8")
    out = run_main("--demo", "--yes", "帮我看一下当前目录下都有些什么文件", cwd=workdir).stdout
    assert "列出了 1 项" in out and "a?b.txt" in out


# ── 对话是连着的：接着问、接着录音问、用户自己贴的数据 ──────────────────────
def test_a_resumed_conversation_does_not_read_its_files_again(tmp_path):
    project = ROOT / "examples" / "my-project"
    recording = tmp_path / "run.jsonl"
    run_main("--demo", "--record", str(recording), "-C", str(project), QUESTION)
    out = run_main("--demo", "--resume", str(recording), "-C", str(project), "这个项目的入口文件是什么？").stdout
    calls = re.findall(r"\[调用工具\] (.*)", out)
    assert calls == ['list_files({"path": "src"})', 'read_file({"path": "src/index.js"})'], out


def test_data_the_user_pasted_is_used_and_said_to_come_from_the_user():
    """第三篇讲义的自测 4：把库存 JSON 接在问题后面。这是用户给的事实：直接用，说它来自用户，不是工具读到的。"""
    record = '{"item":"红笔","stock":5,"unit_price":12,"currency":"CNY"}'
    out = run_main("--demo", "-C", str(ROOT / "examples" / "inventory"), INVENTORY_QUESTION + record).stdout
    assert "[调用工具]" not in out and "模型调用 1 次，工具执行 0 次" in out
    assert "3 × 12 = 36 元" in out and "来自你贴在问题里的数据，不是工具读到的" in out


def test_without_instructions_the_demo_does_not_guess_where_stock_lives(inventory):
    (inventory / "AGENTS.md").unlink()
    out = run_main("--demo", "-C", str(inventory), INVENTORY_QUESTION).stdout
    assert "[调用工具]" not in out and "这次请求里没有写" in out and "不去猜文件名" in out


def test_facts_from_earlier_questions_are_kept_until_a_command_runs():
    call = {"id": "c1", "type": "function", "function": {"name": "list_files", "arguments": '{"path": "."}'}}
    listed = [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "a.py"},
    ]
    messages = [
        {"role": "user", "content": "q1"},
        *listed,
        {"role": "assistant", "content": "好"},
        {"role": "user", "content": "q2"},
    ]
    assert Facts(messages, TOOLS).results
    run = {"id": "c2", "type": "function", "function": {"name": "run_command", "arguments": '{"command": "rm a.py"}'}}
    ran = [
        {"role": "assistant", "content": "", "tool_calls": [run]},
        {"role": "tool", "tool_call_id": "c2", "content": "退出码：0\n"},
    ]
    assert not Facts(messages[:-1] + ran + messages[-1:], TOOLS).results  # 命令可能改了文件：以前读到的不算了


@pytest.mark.parametrize("shape", ["cut", "utf-16", "utf-16 without a bom"])
def test_an_agents_md_that_is_cut_or_in_another_encoding_is_never_called_missing(inventory, shape):
    """AGENTS.md 太长被截断、是 UTF-16（PowerShell 5.1 的 > 写的）：回答不说“没有 AGENTS.md”。"""
    notes = (inventory / "AGENTS.md").read_text(encoding="utf-8")
    if shape == "cut":
        (inventory / "AGENTS.md").write_text("x" * 20000 + "\n" + notes, encoding="utf-8")
    else:
        encoded = notes.encode("utf-16" if shape == "utf-16" else "utf-16-le")
        (inventory / "AGENTS.md").write_bytes(encoded)
    out = run_main("--demo", "-C", str(inventory), INVENTORY_QUESTION).stdout
    answer = out.split("[最终回复]")[-1]
    assert "没有写着库存在哪里的 AGENTS.md" not in answer and "没有 AGENTS.md" not in answer
    if shape == "utf-16":  # 带 BOM 的 UTF-16 读得出来：照它读库存
        assert "够。红笔库存 5" in answer
    else:
        assert "不去猜文件名" in answer and ("被截断了" in answer) == (shape == "cut")
