"""一次回复两个调用：每条结果靠 tool_call_id 配上它的调用（第三篇讲义最后留的问题）。

两种商品就在同一次回复里发两个 read_file，一个一个执行，每个 id 一条 role:"tool" 结果，再回答；
还有讲义预告的实验：把结果倒过来追加、把 id 换过来、丢掉一条、按位置配对的服务。改代码的都在副本上做。
"""

import json
import re

import pytest
from conftest import ROOT, agent_copy, edit, run_copy, run_copy_each, run_main

from fakes.provider import call, check_request, text_reply, tool_reply

TWO = "我需要 3 盒红笔和 2 盒蓝笔。库存够吗？如果够，一共多少钱？"
LOOP = '        for tc in msg["tool_calls"]:\n'
ID = '                "tool_call_id": tc["id"],\n'
APPEND_END = "            })  # fmt: skip\n"
# 实验 (b)：每条结果带上另一个调用的 id（第 1 个调用的结果带最后一个调用的 id，以此类推）
SWAPPED = '                "tool_call_id": msg["tool_calls"][-1 - msg["tool_calls"].index(tc)]["id"],\n'


def demo(inventory, *args, **env):
    return run_main("--demo", "-C", str(inventory), *args, input="", cwd=inventory.parent, **env)


def answer_in(out):
    assert "[最终回复]" in out, out
    return out.split("[最终回复]", 1)[1].split("[统计]")[0]


def without_item_names(inventory):
    """库存记录里去掉 item 字段：结果里不再写着是哪种商品，只剩 id 能说明它回答的是哪个调用。"""
    for path in (inventory / "stock").glob("*.json"):
        record = json.loads(path.read_text(encoding="utf-8"))
        record.pop("item")
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")


# ── 两种商品：一次回复两个调用 ─────────────────────────────────────
def test_two_items_are_two_calls_in_one_reply_and_the_total_of_both():
    out = run_main("--demo", "-C", str(ROOT / "examples" / "inventory"), TWO).stdout
    assert re.findall(r"第 (\d+) 轮", out) == ["1", "2"]
    assert re.findall(r"\[调用工具\] .*", out) == [
        '[调用工具] read_file({"path": "stock/红笔.json"})',
        '[调用工具] read_file({"path": "stock/蓝笔.json"})',
    ]
    answer = answer_in(out)
    assert "红笔：库存 5，你需要 3 盒：5 ≥ 3，够；3 × 12 = 36 元（CNY）" in answer
    assert "蓝笔：库存 2，你需要 2 盒：2 ≥ 2，够；2 × 8 = 16 元（CNY）" in answer
    assert "都够。一共 36 + 16 = 52 元（CNY）" in answer
    assert "[统计] 模型调用 2 次，工具执行 2 次，messages 共 6 条" in out


def test_a_short_item_is_named_and_no_grand_total_is_given(inventory):
    answer = answer_in(demo(inventory, "我需要 3 盒红笔和 3 盒蓝笔。库存够吗？如果够，一共多少钱？").stdout)
    assert "蓝笔：库存 2，你需要 3 盒：2 < 3，不够，还差 1 盒" in answer
    assert "蓝笔还差 1 盒，所以没有算总价" in answer and "一共" not in answer and "都够" not in answer


def test_an_item_without_stock_data_is_unknown_not_zero(inventory):
    answer = answer_in(demo(inventory, "我需要 3 盒红笔和 2 盒紫笔。库存够吗？如果够，一共多少钱？").stdout)
    assert "紫笔：没能读到库存" in answer and "不是 0，也不是缺货" in answer
    assert "所以判断不了是不是都够，也没有算总价" in answer and "一共" not in answer
    for wrong in ("紫笔：库存 0", "紫笔：库存 0", "紫笔不够"):
        assert wrong not in answer


def test_any_number_of_items_in_any_order_in_chinese_or_english(inventory):
    (inventory / "stock" / "黑笔.json").write_text(
        '{"item":"黑笔","stock":10,"unit_price":3,"currency":"CNY"}', encoding="utf-8"
    )
    result = demo(inventory, "要 2 盒蓝笔、4 盒黑笔和 1 盒红笔，够不够？一共多少钱？")
    calls = re.findall(r'\[调用工具\] read_file\(\{"path": "stock/(.+?)\.json"\}\)', result.stdout)
    assert calls == ["蓝笔", "黑笔", "红笔"]
    assert "一共 16 + 12 + 12 = 40 元（CNY）" in answer_in(result.stdout)
    assert "[统计] 模型调用 2 次，工具执行 3 次" in result.stdout
    english = demo(inventory, "I need 2 boxes of blue pens, 4 boxes of black pens and 1 box of red pens. How much?")
    assert "Total: 16 + 12 + 12 = 40 CNY." in answer_in(english.stdout)


# ── 实验：结果倒过来追加、id 换过来、丢掉一条、按位置配对 ─────────────
@pytest.fixture
def app(tmp_path):
    return agent_copy(tmp_path)


def test_a_results_appended_in_reverse_give_the_same_answer(app, inventory):
    """(a) run() 倒着执行、倒着追加：结果的顺序和调用的相反，id 没变，回答一样。"""
    straight = answer_in(demo(inventory, TWO).stdout)
    edit(app / "agent.py", LOOP, '        for tc in reversed(msg["tool_calls"]):\n')
    result = run_copy(app, "--demo", "--step", "-C", str(inventory), TWO)
    assert result.returncode == 0, result.stderr
    assert answer_in(result.stdout) == straight
    assert "结果 [4] tool_call_id=call_demo_1，排在第 2 条，调用是第 1 个" in result.stdout  # --step 看得出位置不同
    assert "[宿主拦截]" not in result.stdout and result.stderr == ""


def test_b_swapped_ids_pass_every_check_and_pair_the_wrong_result(app, inventory, provider):
    """(b) 每条结果带上另一个调用的 id：宿主检查、严格的服务商都收下，回答却错得正如预料。"""
    edit(app / "agent.py", ID, SWAPPED)
    result = run_copy(app, "--demo", "-C", str(inventory), TWO)
    assert result.returncode == 0 and "[宿主拦截]" not in result.stdout and result.stderr == ""
    answer = answer_in(result.stdout)
    assert "stock/红笔.json 得到的记录写的是“蓝笔”（库存 2、单价 8）" in answer  # 红笔拿到了蓝笔的数据
    assert "要么这份数据记错了，要么这条结果配错了调用" in answer and "一共" not in answer
    assert "库存和单价来自" not in answer  # 两条都没拿来算：不说数来自它们
    without_item_names(inventory)  # 结果里不写是哪种商品：只有 id 说了算
    answer = answer_in(run_copy(app, "--demo", "-C", str(inventory), TWO).stdout)
    assert "红笔：库存 2，你需要 3 盒：2 < 3，不够，还差 1 盒" in answer  # 红笔用了蓝笔的库存
    assert "蓝笔：库存 5，你需要 2 盒：5 ≥ 2，够；2 × 12 = 24 元" in answer  # 蓝笔用了红笔的库存和单价


def test_b_a_real_style_validator_accepts_the_swapped_history(app, inventory, provider):
    edit(app / "agent.py", ID, SWAPPED)
    p = provider(
        [
            tool_reply(
                call("read_file", {"path": "stock/红笔.json"}, id="call_red"),
                call("read_file", {"path": "stock/蓝笔.json"}, id="call_blue"),
            ),
            text_reply("好"),
        ],
        rules=["strict", "mistral"],
    )
    result = run_copy(app, "-C", str(inventory), TWO, p=p)
    assert result.returncode == 0 and p.rejected == []
    body = p.requests[1]
    assert check_request(body) is None  # 形状对：每个调用都有一条结果
    results = {m["tool_call_id"]: m["content"] for m in body["messages"] if m["role"] == "tool"}
    assert '"item":"蓝笔"' in results["call_red"] and '"item":"红笔"' in results["call_blue"]  # 内容是错的


def test_c_a_dropped_result_is_stopped_by_the_host_naming_the_id(app, inventory):
    """(c) 丢掉最后一条结果：宿主在第二次调用之前停下，说出没有结果的那个 id。"""
    edit(app / "agent.py", APPEND_END, APPEND_END + "        messages.pop()  # 实验 (c)\n")
    result = run_copy(app, "--demo", "-C", str(inventory), TWO)
    assert result.returncode == 1
    assert '[宿主拦截] call_demo_2 没有对应的 role:"tool" 结果，这次请求没有发出。' in result.stdout
    assert "[统计] 模型调用 1 次，工具执行 2 次" in result.stdout and "[最终回复]" not in result.stdout


def test_d_a_server_that_pairs_by_position_gets_reversed_results_wrong(app, inventory):
    """(d) 只按位置把结果交给模型的服务（DEMO_PAIRING=position）：(a) 在这里就错了，顺序不能当作配对。"""
    edit(app / "agent.py", LOOP, '        for tc in reversed(msg["tool_calls"]):\n')
    args = ["--demo", "-C", str(inventory), TWO]
    by_id, by_position = run_copy_each(app, args, args, envs=[{}, {"DEMO_PAIRING": "position"}])  # 一个子进程
    by_id, by_position = answer_in(by_id.stdout), answer_in(by_position.stdout)
    assert "都够。一共 36 + 16 = 52 元" in by_id
    assert "stock/红笔.json 得到的记录写的是“蓝笔”" in by_position and "一共" not in by_position
    import lesson

    if lesson.changed_from_shipped():  # 学习者已经亲手做了 (a)：仓库里的代码就是倒着追加的，没有“顺序一样”可测
        return
    straight = answer_in(demo(inventory, TWO, DEMO_PAIRING="position").stdout)
    assert "都够。一共 36 + 16 = 52 元" in straight  # 顺序和调用一样时，按位置也碰巧对


# ── 看得见配对：--step 和网页 ──────────────────────────────────────
def test_step_shows_each_call_next_to_the_result_that_answers_it(inventory):
    out = demo(inventory, "--step", TWO).stdout
    assert "[单步] messages[2] 的 2 个调用，按 tool_call_id 配对的结果：" in out
    lines = [line for line in out.splitlines() if line.startswith("    调用 ")]
    assert len(lines) == 2 and all("←  结果 [" in line for line in lines)
    assert lines[0].index("←") == lines[1].index("←")  # 对齐
    assert "call_demo_1" in lines[0] and "tool_call_id=call_demo_1" in lines[0]
    assert "排在第" not in out  # 顺序一样：不用注明


def test_the_page_draws_each_call_beside_its_result_and_marks_a_moved_one(app, inventory, tmp_path):
    recording = tmp_path / "two.jsonl"
    demo(inventory, "--record", str(recording), TWO)
    run_main("--page", str(recording))
    page = recording.with_suffix(".html").read_text(encoding="utf-8")
    assert page.count('<table class="pairs">') == 1 and 'class="moved"' not in page
    edit(app / "agent.py", LOOP, '        for tc in reversed(msg["tool_calls"]):\n')
    reversed_run = tmp_path / "reversed.jsonl"
    run_copy(app, "--demo", "--record", str(reversed_run), "-C", str(inventory), TWO)
    run_main("--page", str(reversed_run))
    page = reversed_run.with_suffix(".html").read_text(encoding="utf-8")
    assert page.count('<tr class="moved">') == 2 and "排在第 2 条，调用是第 1 个" in page


def test_d_an_unknown_pairing_setting_is_one_line_naming_it(inventory):
    result = run_main("--demo", "-C", str(inventory), TWO, DEMO_PAIRING="bogus")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "DEMO_PAIRING" in result.stderr and "bogus" in result.stderr and "position" in result.stderr
