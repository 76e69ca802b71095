"""第三篇讲义的库存回放：python agent.py --demo -C examples/inventory "我需要 3 盒红笔。…"

两次模型调用、一次工具执行；第二次的回答由用户的数量和工具结果里的数字算出来。
还有讲义的四个对照、预算从 2 改成 1，以及离线“模型”像严格的真接口一样检查每个请求。
"""

import copy
import json
import re
import shutil

import openai
import pytest
from conftest import APPEND_RESULT, INVENTORY_QUESTION, ROUNDS, agent_copy, edit, our_tool, run_copy, run_main

import agent
from fakes.provider import call, check_request, text_reply, tool_reply
from support.demo.facts import Facts
from support.demo.model import demo_client
from support.demo.question import understand
from support.demo.stock import inventory
from support.instructions import project_notes
from tools import TOOLS

QUESTION = INVENTORY_QUESTION
READ_CALL = '[调用工具] read_file({"path": "stock/红笔.json"})'
TWO_CALLS = "[统计] 模型调用 2 次，工具执行 1 次"
HOST_CHECK = """        if not ready_to_send(messages):  # 宿主检查：每个 tool_call 都有配对的结果，不对就不发
            break
"""
SEND_ALL = "            messages=messages,\n"
DROP_USER = '            messages=messages if round_num == 1 else [m for m in messages if m["role"] != "user"],\n'


def demo(inventory, *args):
    """没改过的程序：在本进程里跑 main()。改过的副本用下面的 run_app，以子进程运行。"""
    return run_main("--demo", "-C", str(inventory), *args, input="", cwd=inventory.parent)


def answer_in(out):
    assert "[最终回复]" in out, out
    return out.split("[最终回复]", 1)[1].split("[统计]")[0]


def run_app(app, inventory, *args, p=None):
    """跑改过的副本 app/agent.py；p 是假服务商（不给就是 --demo）。"""
    return run_copy(app, *([] if p else ["--demo"]), "-C", str(inventory), *args, p=p)


# ── 正常情况和对照一：数量来自 user，库存和单价来自 tool ─────────────────
@our_tool("read_file")
def test_three_boxes_is_two_model_calls_one_tool_run_and_36_yuan(inventory):
    result = demo(inventory, QUESTION)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2"]
    assert re.findall(r"\[调用工具\] .*", out) == [READ_CALL]
    assert '[工具结果] 1\t{"item":"红笔","stock":5,"unit_price":12,"currency":"CNY"}' in out
    answer = answer_in(out)
    assert answer.startswith("\n够。") and "5 ≥ 3" in answer
    assert "3 × 12 = 36 元" in answer and "只查询，没有下单" in answer
    assert TWO_CALLS in out


@pytest.mark.parametrize(
    "question,total",
    [
        ("我需要 2 盒红笔。库存够吗？如果够，一共多少钱？", "2 × 12 = 24 元"),  # 对照一
        ("我需要 4 盒红笔。库存够吗？如果够，一共多少钱？", "4 × 12 = 48 元"),  # 讲义 07 的自测题
        ("我需要四盒红笔，库存够吗？一共多少钱？", "4 × 12 = 48 元"),
        ("红笔要 5 支，够不够？多少钱？", "5 × 12 = 60 元"),
        ("要两个蓝笔，库存够吗？", "2 × 8 = 16 元"),
    ],
)
def test_other_quantities_and_items_are_computed_from_the_same_kind_of_data(inventory, question, total):
    three = demo(inventory, QUESTION).stdout
    result = demo(inventory, question)
    out = result.stdout
    assert result.returncode == 0 and TWO_CALLS in out
    if "红笔" in question:  # 对照一：工具调用和工具结果都不变，只有 user 里的数量变了
        assert re.findall(r"\[(?:调用工具|工具结果)\] .*", out) == re.findall(r"\[(?:调用工具|工具结果)\] .*", three)
    answer = answer_in(out)
    assert total in answer and answer.startswith("\n够。") and "只查询，没有下单" in answer


def test_not_enough_says_so_with_both_numbers(inventory):
    answer = answer_in(demo(inventory, "我需要 6 盒红笔。库存够吗？如果够，一共多少钱？").stdout)
    assert answer.startswith("\n不够。") and "库存只有 5，你需要 6 盒" in answer and "还差 1 盒" in answer
    assert "72" not in answer and " 元" not in answer and "只查询，没有下单" in answer


def test_the_answer_follows_the_tool_result_not_a_table(inventory):
    (inventory / "stock" / "红笔.json").write_text(
        '{"item":"红笔","stock":3,"unit_price":2.5,"currency":"USD"}', encoding="utf-8"
    )
    answer = answer_in(demo(inventory, QUESTION).stdout)
    assert "3 ≥ 3" in answer and "3 × 2.5 = 7.5 美元（USD）" in answer
    assert "36" not in answer and "5" not in answer.replace("2.5", "").replace("7.5", "")


@pytest.mark.parametrize(
    "question,order",
    [
        (QUESTION, ("红笔", 3, "盒")),
        ("红笔要十二支，库存够不够？", ("红笔", 12, "支")),
        ("我需要红笔 2 盒，够吗", ("红笔", 2, "盒")),
        ("帮我查一下：要 7 个蓝笔，一共多少钱？", ("蓝笔", 7, "个")),
        ("红笔的库存还有多少？", ("红笔", None, "")),
        ("我需要红笔。库存够吗？", "unsure"),  # 只说了要红笔、没说数量的一句没听懂：不查
        # 不是认得的说法：整个订单不查（unsure）
        ("请帮我查一下红笔和蓝笔的库存", "unsure"),
        ("我需要 3 盒红笔。库存够吗？另外蓝笔还剩多少？", "unsure"),  # “另外”可能是再加一种：不认
        ("3盒红笔+2盒蓝笔，够吗", [("红笔", 3, "盒"), ("蓝笔", 2, "盒")]),  # “+”是连词
        ("我需要 3 盒红笔，够的话帮我下单", "unsure"),
        ("我要两百五支红笔，库存够不够？", ("红笔", 250, "支")),
        ("一千二盒蓝笔够吗", ("蓝笔", 1200, "盒")),
        ("一百零五盒蓝笔够吗", ("蓝笔", 105, "盒")),
        ("我需要 3 盒红笔和 100 盒蓝笔，库存够吗", [("红笔", 3, "盒"), ("蓝笔", 100, "盒")]),
        ("我需要 3 盒红笔，2 盒蓝笔。库存够吗？", [("红笔", 3, "盒"), ("蓝笔", 2, "盒")]),  # 逗号前面不是数字
        # 看不准的数量：不猜，整个订单不查
        ("我需要 1,000 盒红笔，库存够吗？", "unsure"),
        ("我需要 1 000 盒红笔，库存够吗？", "unsure"),
        ("我需要 2.5 盒红笔，库存够吗？", "unsure"),
        ("我需要 3e2 盒红笔，库存够吗？", "unsure"),
        ("-3 盒红笔够吗", "unsure"),
        ("我需要 0 盒红笔，库存够吗？", "unsure"),
        ("我需要三五盒红笔，库存够吗？", "unsure"),
        ("库存够吗？", None),
        ("帮我看看这个项目用了什么技术栈", None),
        ("这个项目依赖了哪些库？", None),
        ("搜索一下项目里有没有用到 lodash", None),
        ("帮我看看 tests 目录下有哪些测试文件", None),
    ],
)
def test_the_demo_hears_the_item_and_the_quantity(question, order):
    parts = [p for p in understand(question).parts if p.kind == "inventory"]
    heard = parts and (
        "unsure" if "unsure" in parts[0].asks else [(o.item, o.quantity, o.unit) for o in parts[0].names]
    )
    assert (heard or None) == ([order] if isinstance(order, tuple) else order)


# ── 对照二：漏掉工具结果 ───────────────────────────────────────
@pytest.fixture
def no_results(tmp_path):
    """run() 里追加 role:"tool" 结果的那几行被删掉了的副本。"""
    app = agent_copy(tmp_path)
    edit(app / "agent.py", APPEND_RESULT, "\n")
    return app


def test_without_the_tool_result_the_host_does_not_send_the_second_request(no_results, inventory):
    result = run_app(no_results, inventory, QUESTION)
    assert result.returncode == 1
    assert '[宿主拦截] call_demo_1 没有对应的 role:"tool" 结果，这次请求没有发出。' in result.stdout
    assert "[统计] 模型调用 1 次，工具执行 1 次" in result.stdout
    assert "[最终回复]" not in result.stdout and result.stderr == ""


def test_without_the_tool_result_a_real_provider_never_sees_the_unanswered_call(no_results, inventory, provider):
    p = provider([tool_reply(call("read_file", {"path": "stock/红笔.json"}, id="call_stock_1")), text_reply("不该有")])
    result = run_app(no_results, inventory, QUESTION, p=p)
    assert result.returncode == 1
    assert '[宿主拦截] call_stock_1 没有对应的 role:"tool" 结果，这次请求没有发出。' in result.stdout
    assert "模型调用 1 次" in result.stdout
    assert len(p.requests) == 1 and p.rejected == []
    assert all(check_request(body) is None for body in p.requests)


def test_without_the_host_check_either_the_demo_answers_400_like_a_real_api(no_results, inventory):
    edit(no_results / "agent.py", HOST_CHECK, "")
    result = run_app(no_results, inventory, QUESTION)
    assert result.returncode == 1
    assert re.findall(r"第 (\d+) 轮", result.stdout) == ["1", "2"]  # 第二次请求就被拒绝
    assert "[最终回复]" not in result.stdout and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("[错误] 请求被拒绝（400）：历史里的工具调用和结果没有配好对")
    assert "did not have response messages: call_demo_1" in lines[0]


# ── 对照三：保留结果，漏掉原任务 ──────────────────────────────────
def test_without_the_users_task_the_demo_asks_how_many(tmp_path, inventory):
    app = agent_copy(tmp_path)
    edit(app / "agent.py", SEND_ALL, DROP_USER)
    result = run_app(app, inventory, QUESTION)
    assert result.returncode == 0, result.stderr
    assert TWO_CALLS in result.stdout
    answer = answer_in(result.stdout)
    assert "没有 user 消息" in answer and "请告诉我你需要多少" in answer
    assert "库存 5" in answer and "单价 12 元" in answer  # 可以说查到了什么
    assert "60" not in answer and "够" not in answer  # 不拿库存 5 当数量


# ── 对照四：工具读回的是错误 ─────────────────────────────────────
@pytest.mark.parametrize("case", ["missing item", "missing folder"])
def test_a_tool_error_is_reported_not_turned_into_zero(inventory, case):
    question = QUESTION
    if case == "missing item":
        question = QUESTION.replace("红笔", "紫笔")
    elif (inventory / "stock").exists():  # 学习者做对照四时已经把 stock 改名了：直接测改过的结果
        shutil.rmtree(inventory / "stock")
    result = demo(inventory, question)
    assert result.returncode == 0 and TWO_CALLS in result.stdout
    assert "[工具结果] 错误：" in result.stdout
    answer = answer_in(result.stdout)
    assert answer.startswith("\n没能读到") and "No such file or directory" in answer
    assert "算不出总价" in answer
    for wrong in ("0 盒", "缺货", "不够", "元"):
        assert wrong not in answer


# ── 预算从 2 改成 1 ─────────────────────────────────────────────
def test_a_budget_of_one_runs_the_tool_but_not_the_second_call(inventory):
    result = demo(inventory, "--max-rounds", "1", "--show-messages", QUESTION)
    out = result.stdout
    assert result.returncode == 1
    assert "[警告] 达到最大轮次 1，停止执行。任务可能还没有完成。" in out
    assert "[最终回复]" not in out and "[统计] 模型调用 1 次，工具执行 1 次" in out
    messages = json.loads(out[out.index("\n[\n") + 1 :])
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool"]
    assert messages[-1]["tool_call_id"] == messages[2]["tool_calls"][0]["id"]
    assert '"stock":5' in messages[-1]["content"]


# ── 离线“模型”像严格的真接口一样检查请求 ────────────────────────────
@pytest.fixture
def requests_of_a_real_run(inventory, monkeypatch):
    """真跑一遍库存问题，demo 收到的每个请求（messages 的副本）。"""
    monkeypatch.chdir(inventory)
    client, sent = demo_client(), []
    create = client.chat.completions.create

    def recording(**kwargs):
        sent.append(copy.deepcopy(kwargs["messages"]))
        return create(**kwargs)

    client.chat.completions.create = recording
    notes = agent.new_conversation(project_notes())  # 和命令行一样：AGENTS.md 加在 system 规则后面
    messages = agent.run(QUESTION, notes, max_rounds=ROUNDS, client=client, model="demo")
    agent.run(
        "我需要 2 盒蓝笔，库存够吗？", messages, max_rounds=ROUNDS, client=client, model="demo"
    )  # 第二个问题接着问
    assert len(sent) == 4
    return sent


def send(messages):
    return demo_client().chat.completions.create(model="demo", messages=messages, tools=TOOLS)


def test_the_demo_accepts_every_request_of_a_real_run(requests_of_a_real_run):
    for messages in requests_of_a_real_run:
        assert send(messages).choices[0].message.role == "assistant"
        assert check_request({"model": "demo", "messages": messages, "tools": TOOLS}) is None  # 假服务商也收


def broken(history, change):
    """在一份合规的历史（system、user、assistant 调用、tool 结果）上做一处改动。"""
    messages = copy.deepcopy(history)
    change(messages)
    return messages


def first_call(messages):
    return messages[2]["tool_calls"][0]


INVALID = {
    "没有 tool 结果": (lambda m: m.pop(3), "did not have response messages: call_demo_1"),
    "结果的 id 对不上": (lambda m: m[3].update(tool_call_id="call_x"), "must be a response"),
    "同一个调用两条结果": (lambda m: m.append(dict(m[3])), "must be a response"),
    "结果前面没有调用": (lambda m: m.insert(1, dict(m[3])), "must be a response"),
    "调用和结果之间插了 user": (lambda m: m.insert(3, {"role": "user", "content": "还有吗"}), "did not have"),
    "tool 后面直接是 user": (lambda m: m.append({"role": "user", "content": "嗯"}), "Unexpected role 'user'"),
    "两条 user 挨着": (lambda m: m.insert(2, {"role": "user", "content": "嗯"}), "must alternate"),
    "不认识的角色": (lambda m: m[1].update(role="human"), "Invalid value for 'messages[1].role'"),
    "assistant content 是 null": (lambda m: m[2].update(content=None), "expected a string, got null"),
    "tool_calls 是空的": (lambda m: m[2].update(tool_calls=[]), "empty array"),
    "id 是空的": (lambda m: first_call(m).update(id=""), "tool_calls[].id"),
    "id 不是字符串": (lambda m: first_call(m).update(id=1), "tool_calls[].id"),
    "id 和前面的重复": (
        lambda m: m.extend([copy.deepcopy(m[2]), copy.deepcopy(m[3])]),
        "Duplicate tool_call id 'call_demo_1'",
    ),
    "type 不是 function": (lambda m: first_call(m).update(type="tool"), "tool_calls[].type"),
    "name 不是字符串": (lambda m: first_call(m)["function"].update(name=None), "must be strings"),
    "arguments 是对象": (lambda m: first_call(m)["function"].update(arguments={"path": "x"}), "must be strings"),
    "arguments 不是 JSON": (lambda m: first_call(m)["function"].update(arguments='{"path": '), "not valid JSON"),
    "tool content 是对象": (lambda m: m[3].update(content={"stock": 5}), "messages[3].content"),
    "tool content 是 null": (lambda m: m[3].update(content=None), "messages[3].content"),
    "user content 是 null": (lambda m: m[1].update(content=None), "messages[1].content"),
    "messages 是空的": (lambda m: m.clear(), "non-empty array"),
}
STRICTER_THAN_OPENAI = {"tool 后面直接是 user", "两条 user 挨着", "assistant content 是 null", "arguments 不是 JSON"}


@pytest.mark.parametrize("case", INVALID)
def test_the_demo_rejects_an_invalid_history_with_a_400(requests_of_a_real_run, case):
    change, said = INVALID[case]
    messages = broken(requests_of_a_real_run[1], change)
    with pytest.raises(openai.BadRequestError) as raised:
        send(messages)
    e = raised.value
    assert e.status_code == 400 and e.response.status_code == 400
    error = e.response.json()["error"]
    assert set(error) == {"message", "type", "param", "code"} and error["type"] == "invalid_request_error"
    assert said in error["message"] and e.body == error and str(e) == f"Error code: 400 - {error['message']}"
    if case not in STRICTER_THAN_OPENAI:  # OpenAI（假服务商的通用规则）也拒收
        assert check_request({"model": "demo", "messages": messages, "tools": TOOLS})


@pytest.mark.parametrize("quantity", ["2.5", "1,000", "-3", "0", "3/2", "3~5", "3 到 5", "3 或 4"])
def test_an_unclear_quantity_is_declined_not_guessed(inventory, quantity):
    out = demo(inventory, f"我需要 {quantity} 盒红笔。库存够吗？如果够，一共多少钱？").stdout
    answer = answer_in(out)
    assert f"“我需要 {quantity} 盒红笔”这一句我没听懂，怕把数量猜错，所以什么也没查" in answer
    assert "[调用工具]" not in out and "我按你说的“盒”来比" not in answer  # 什么也没查，也没拿它比
    assert "×" not in answer and "≥" not in answer and "<" not in answer


def test_large_totals_are_exact(inventory):
    (inventory / "stock" / "大笔.json").write_text(
        f'{{"stock":{10**40},"unit_price":12,"currency":"CNY"}}', encoding="utf-8"
    )
    answer = answer_in(demo(inventory, f"我需要 {10**30 - 1} 盒大笔，够吗？一共多少钱").stdout)
    assert f"= {(10**30 - 1) * 12} 元" in answer
    answer = answer_in(demo(inventory, f"我需要 {10**32 - 1} 盒大笔，够吗？一共多少钱").stdout)
    assert "没听懂，怕把数量猜错" in answer and "×" not in answer  # 超过 30 位的数量不猜


def test_a_unit_in_the_data_that_differs_from_the_question_is_not_compared(inventory):
    (inventory / "stock" / "单笔.json").write_text(
        '{"stock":5,"unit":"支","unit_price":12,"currency":"CNY"}', encoding="utf-8"
    )
    answer = answer_in(demo(inventory, "我需要 3 箱单笔，库存够吗？一共多少钱？").stdout)
    assert "库存是 5 支，你问的是 3 箱" in answer and "够。" not in answer and "一共" not in answer


@our_tool("read_file")
def test_a_long_stock_file_is_read_page_by_page_before_answering(inventory):
    record = {"item": "红笔", **{f"note{i}": "x" for i in range(300)}, "stock": 5, "unit_price": 12, "currency": "CNY"}
    (inventory / "stock" / "红笔.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    out = demo(inventory, QUESTION).stdout
    assert '"offset": 201' in out and "一共 3 × 12 = 36 元（CNY）" in answer_in(out)


def test_a_clipped_result_is_never_glued_into_numbers():
    # 头尾都像 JSON 的一部分：去掉行号和省略说明以后，拼起来正好是一份“合法”的 JSON
    clipped = '1\t{"item":"红笔","stock":5,"unit_price":12\n…（中间省略了 166 个字符）…\n说明"\t,"currency":"CNY"}'
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "stock/红笔.json"}'},
    }
    messages = [
        {"role": "system", "content": "库存在 stock/<商品>.json"},
        {"role": "user", "content": QUESTION},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": clipped},
    ]
    part = understand(QUESTION).parts[0]
    answer = inventory(part, Facts(messages, TOOLS), en=False)
    assert "没能完整读到" in answer and "一共" not in answer and "够。" not in answer


def test_a_price_keeps_its_digits_and_a_unit_without_a_quantity_is_asked_about(inventory):
    (inventory / "stock" / "红笔.json").write_text(
        '{"stock":5,"unit":"盒","unit_price":1e-400,"currency":"CNY"}', encoding="utf-8"
    )
    assert "3 × 0.000" in answer_in(demo(inventory, QUESTION).stdout)
    answer = answer_in(demo(inventory, "红笔的库存还有多少？").stdout)
    assert answer.startswith("\n红笔：库存 5 盒，单价 0.000") and "None" not in answer and "你需要" not in answer


@pytest.mark.parametrize("quantity", ["2.5", "-3", "1,000", "1e3", "3/2", "0"])
def test_an_unclear_quantity_in_english_is_declined_not_guessed(inventory, quantity):
    answer = answer_in(demo(inventory, f"I need {quantity} boxes of red pens. Enough in stock? How much?").stdout)
    assert f"I did not understand “I need {quantity} boxes of red pens”, and I won't guess a quantity" in answer
    assert "enough;" not in answer and "Total" not in answer and "Enough" not in answer


def test_english_orders_drop_please_and_an_empty_unit_is_not_named_and_a_bare_of_is_declined(inventory):
    answer = answer_in(demo(inventory, "I need 3 boxes of red pens and 2 of blue pens pls. Enough?").stdout)
    assert "I won't guess a quantity, so I checked nothing" in answer and "in stock, you need" not in answer
    answer = answer_in(demo(inventory, "I need 3 red pens, please. Enough in stock?").stdout)
    assert "Enough. Red pens (红笔)" in answer and "your ." not in answer


# ── 接着问：新的数量、新的商品，沿用上一个问题的另一半 ─────────────────────
def conversation(inventory, *questions):
    """交互模式里依次问几个问题，返回每个问题的 (调用的工具, 回答)。"""
    out = run_main("--demo", "-C", str(inventory), input="\n".join(questions) + "\n").stdout
    turns = out.split("你：")[1 : len(questions) + 1]
    return [(re.findall(r"\[调用工具\] (.*)", t), answer_in(t)) for t in turns]


def test_a_follow_up_with_another_item_or_another_quantity_uses_the_question_before(inventory):
    (blue, blue_says), (two, two_says), (english, english_says) = conversation(
        inventory, QUESTION, "那蓝笔呢？", "要是 2 盒呢？", "what about 4 boxes?"
    )[1:]
    assert blue == ['read_file({"path": "stock/蓝笔.json"})'] and "（数量沿用你前面问的 3 盒。）" in blue_says
    assert "不够。蓝笔库存只有 2，你需要 3 盒" in blue_says
    assert two == [] and "（商品沿用你前面问的：蓝笔。）" in two_says and "2 × 8 = 16 元" in two_says  # 已经读过
    assert english == [] and "Not enough. 蓝笔: only 2 in stock, you need 4 boxes" in english_says


def test_and_the_blue_ones_in_english_is_declined_and_the_blue_pens_is_read(inventory):
    (_, said), (calls, follow), (blue, pens) = conversation(
        inventory, "I need 3 boxes of red pens. Enough in stock?", "And the blue ones?", "And the blue pens?"
    )
    assert "Enough. Red pens (红笔)" in said
    assert calls == [] and "can't tell what kind of question “And the blue ones?” is" in follow  # 只说了颜色：不猜
    # 没听懂的那一句之后，不再沿用以前说的数量：只报蓝笔的库存和单价
    assert blue == ['read_file({"path": "stock/蓝笔.json"})'] and "Blue pens (蓝笔): 2 in stock" in pens, pens


@pytest.mark.parametrize(
    "question, read",
    [("红笔还有多少？", True), ("红笔的单价是多少？", True), ("请帮我查一下红笔和蓝笔的库存", False)],  # 这句不认得
)
def test_how_many_or_what_price_is_answered_without_asking_for_a_quantity(inventory, question, read):
    answer = answer_in(demo(inventory, question).stdout)
    assert ("红笔：库存 5，单价 12 元（CNY）。" in answer) == read and ("没听懂，怕把数量猜错" in answer) != read
    assert "请告诉我你需要多少" not in answer and "×" not in answer


def test_enough_without_a_quantity_asks_how_many(inventory):
    answer = answer_in(demo(inventory, "红笔够吗？").stdout)
    assert "我查到了红笔：库存 5，单价 12 元（CNY）" in answer and "请告诉我你需要多少" in answer
