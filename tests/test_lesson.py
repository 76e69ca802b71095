"""课程检查 tests/lesson.py：发布的代码上全是 ✓；第三篇讲义的每个对照和实验照 docs 的写法做在副本上，
它都说出变了什么。"""

import json
import shutil
import sys
from pathlib import Path

import pytest
import spawn
from conftest import APPEND_RESULT, ROOT, agent_copy, edit, set_constant

HOST_CHECK = """        if not ready_to_send(messages):  # 宿主检查：每个 tool_call 都有配对的结果，不对就不发
            break
"""
SEND = "            messages=messages,\n"
DROP_USER = '            messages=messages if round_num == 1 else [m for m in messages if m["role"] != "user"],\n'
LOOP = '        for tc in msg["tool_calls"]:\n'
ID = '                "tool_call_id": tc["id"],\n'
SWAPPED = '                "tool_call_id": msg["tool_calls"][-1 - msg["tool_calls"].index(tc)]["id"],\n'
APPEND_END = "            })  # fmt: skip\n"


def lesson_copy(tmp_path):
    """副本里除了程序，还有课程检查要用的 fakes/、examples/inventory 和 tests/lesson.py 本身。"""
    app = agent_copy(tmp_path)
    shutil.copytree(ROOT / "fakes", app / "fakes", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "examples" / "inventory", app / "examples" / "inventory")
    (app / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "lesson.py", app / "tests")
    return app


def check(app):
    result = spawn.run(
        [sys.executable, str(app / "tests" / "lesson.py")],
        cwd=app, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )  # fmt: skip
    assert not result.stderr, result.stderr
    return result.returncode, result.stdout


# 在一个进程里依次检查几份副本：openai 只 import 一次（每份副本的 agent、tools、support 都重新 import）。
# 和学习者运行 python tests/lesson.py 一样：每份副本跑的都是它自己的 tests/lesson.py。
CHECK_EACH = """
import contextlib, io, json, runpy, sys
results = {}
for app in sys.argv[1:]:
    for name in [m for m in sys.modules if m.split(".")[0] in ("agent", "tools", "support", "fakes")]:
        del sys.modules[name]
    sys.path[:0] = [app]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = runpy.run_path(app + "/tests/lesson.py", run_name="lesson_check")["main"](["lesson.py"])
    sys.path.remove(app)
    results[app] = [code, out.getvalue()]
print(json.dumps(results))
"""


def check_each(apps):
    result = spawn.run(
        [sys.executable, "-c", CHECK_EACH, *map(str, apps)],
        capture_output=True, text=True, encoding="utf-8", timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0 and not result.stderr, result.stderr
    return {Path(app): tuple(found) for app, found in json.loads(result.stdout).items()}


def experiment_done():
    """学习者已经在自己的代码上做了讲义的实验（改了课程的函数、预算小到 1 轮）：测实验的测试跳过，说为什么。"""
    import conftest
    import lesson

    if changed := lesson.changed_from_shipped() + conftest.small_budget():
        pytest.skip(f"{'、'.join(changed[:2])} 和发布时不一样：python tests/lesson.py 说讲义里的哪件事变了")


def test_the_lesson_check_passes_on_this_code():
    """发布的代码上全是 ✓；做了练习（改 MAX_ROUNDS、加一行 print、贴进章节的 read_file）也没有 ✗：
    练习不改讲义说的行为。改了的地方在 → 和最后一行里说。"""
    experiment_done()
    code, out = check(ROOT)
    assert code == 0 and "✗" not in out, out
    assert out.count("✓") == 8 and len(out.splitlines()) <= 30, out
    assert out.rstrip().endswith("都和讲义说的一样。")


EXPERIMENTS = {
    # 名字：(怎样改副本, 输出里一定有的, 退出码)
    "contrast 2": (
        lambda app: edit(app / "agent.py", APPEND_RESULT, "\n"),
        ["✗ 结果没有回到下一次请求：第 1 轮调了 call_a、call_b，第 2 轮的请求没有发出", "[宿主拦截] call_a", "对照二"],
        1,
    ),
    "contrast 2, host check removed too": (
        lambda app: (edit(app / "agent.py", APPEND_RESULT, "\n"), edit(app / "agent.py", HOST_CHECK, "")),
        ["✗ 第 2 次请求发出去了，服务商回 400", "run() 里不再调用 ready_to_send", "对照二的第二步"],
        1,
    ),
    "contrast 3": (
        lambda app: edit(app / "agent.py", SEND, DROP_USER),
        ["✗ 第 2 次请求里没有 user 消息", "对照三", "✗ 库存问题的回答里没有 36"],
        1,
    ),
    "contrast 4": (
        lambda app: (app / "examples" / "inventory" / "stock").rename(app / "examples" / "inventory" / "stock-old"),
        ["✓ 库存问题：工具读回的是错误，回答照实说读不到", "对照四：不是 0，也不是缺货", "两种都读不到"],
        0,  # 错误也是一条观察：回答照实说，和讲义说的一样
    ),
    "experiment a": (
        lambda app: edit(app / "agent.py", LOOP, '        for tc in reversed(msg["tool_calls"]):\n'),
        ["✓ 每个调用一条结果，按 id 配对", "结果的顺序和调用相反（实验 a）", "只按位置配对的服务（实验 d）配错了"],
        0,
    ),
    "experiment b": (
        lambda app: edit(app / "agent.py", ID, SWAPPED),
        ["✗ id 配错了：call_a 的结果是 b.txt 的内容", "实验 b", "✗ 红笔和蓝笔一起问"],
        1,
    ),
    "experiment c": (
        lambda app: edit(app / "agent.py", APPEND_END, APPEND_END + "        messages.pop()  # 实验 (c)\n"),
        ["第 2 轮的请求没有发出", "[宿主拦截] call_b", "messages 里只有 1 条", "实验 c"],
        1,
    ),
    "budget 1": (
        lambda app: set_constant(app / "agent.py", "MAX_ROUNDS", 1),
        ["→ MAX_ROUNDS 是 1", "[警告] 达到最大轮次 1", "✓ 预算 1 轮"],
        1,
    ),
}


STOP = '    stats = {"model_calls": 0, "tool_runs": 0}\n'
# 改坏了的代码：课程检查照样几行说完，不出 traceback
BROKEN = {
    "a syntax error": (
        lambda app: edit(app / "agent.py", "def run(", "def run(("),
        ["✗ agent.py 导入不了：SyntaxError"],
        1,
    ),
    "run() exits": (lambda app: edit(app / "agent.py", STOP, STOP + "    sys.exit(3)\n"), ["run() 让程序退出了"], 1),
    "MAX_ROUNDS is text": (
        lambda app: set_constant(app / "agent.py", "MAX_ROUNDS", '"10"'),
        ["✗ agent.py 里的 MAX_ROUNDS 不是 1 以上的整数（'10'）"],
        1,
    ),
    "run() returns the answer": (
        lambda app: edit(
            app / "agent.py",
            "    return messages\n\n\n# ── run() 用到的规矩",
            '    return messages[-1]["content"]\n\n\n# ── run() 用到的规矩',
        ),
        ["run() 返回的不是 messages 列表，是 str"],
        1,
    ),
    "run() renamed": (lambda app: edit(app / "agent.py", "def run(", "def answer("), ["✗ agent.py 里没有 run()"], 1),
    "no examples/inventory": (
        lambda app: shutil.rmtree(app / "examples" / "inventory"),
        ["· 库存问题：", "不在了", "都和讲义说的一样。"],
        0,
    ),
}


def test_each_experiment_of_the_third_text_is_named(tmp_path):
    """还有几种改坏了的代码：每一种都几行说完。实验从发布时的代码做起：学习者的代码已经改过，就跳过。"""
    experiment_done()
    apps = {}
    for number, (name, (change, _, _)) in enumerate({**EXPERIMENTS, **BROKEN}.items()):
        (tmp_path / str(number)).mkdir()
        apps[name] = lesson_copy(tmp_path / str(number))
        change(apps[name])
    found = check_each(apps.values())
    wrong = []
    for name, (_, expected, returncode) in {**EXPERIMENTS, **BROKEN}.items():
        code, out = found[apps[name]]
        missing = [text for text in expected if text not in out]
        if missing or code != returncode or len(out.splitlines()) > 30:  # 一屏看得完
            wrong.append(f"{name}：退出码 {code}，缺了 {missing}\n{out}")
    assert not wrong, "\n".join(wrong)
