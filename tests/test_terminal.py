"""只在终端上才有的行为：等待提示、--step 的暂停。用伪终端（pty）真实运行 agent.py。"""

import signal

from conftest import Terminal, posix_only, run_main, sent

from fakes.provider import call, text_reply, tool_reply

ERASE = "\r" + " " * 40 + "\r"


@posix_only("用伪终端")
def test_terminal_shows_elapsed_seconds_while_waiting_and_erases_them(project, provider):
    p = provider([{"sleep": 1.6, "then": text_reply("好")}])
    term = Terminal(p, "看看", stdin_is_terminal=False)
    assert term.finish() == 0
    out = term.out
    assert "等待模型回复… 1s" in out
    assert out.index("等待模型回复… 1s") < out.index(ERASE) < out.index("[最终回复]")


def test_piped_output_has_no_wait_indicator(project, provider):
    p = provider([{"sleep": 1.6, "then": text_reply("好")}])
    result = run_main("看看", p=p, input="")
    assert result.returncode == 0, result.stderr
    assert "等待模型回复" not in result.stdout + result.stderr
    assert "\r" not in result.stdout


@posix_only("用伪终端，发 SIGINT")
def test_ctrl_c_stops_the_wait_and_erases_the_indicator(project, provider):
    p = provider([{"sleep": 30, "then": text_reply("太迟了")}])  # 比 finish() 的 15 秒还长
    term = Terminal(p, "看看", stdin_is_terminal=False)
    term.wait_for("等待模型回复… 1s")
    term.proc.send_signal(signal.SIGINT)
    assert term.finish() == 130
    assert term.out.rindex(ERASE) < term.out.index("[已中断]")
    assert "Traceback" not in term.out


@posix_only("用伪终端")
def test_step_waits_for_enter_and_q_stops_the_question_leaving_a_valid_history(project, provider):
    p = provider([tool_reply(call("list_files", {}, id="c1")), text_reply("第二个问题的回答")], rules=["strict"])
    term = Terminal(p, "--step")
    term.wait_for("你：")
    term.type("问题一\n")
    term.wait_for("回车继续")  # 第 1 轮：模型还没被调用，等着回车
    assert p.requests == []
    term.type("\n")
    term.wait_for("回车继续", 2)  # 第 2 轮：工具结果已经追加，还没调用模型
    assert "[调用工具] list_files({})" in term.out and len(p.requests) == 1
    term.type("q\n")
    term.wait_for("[已中断]")
    term.wait_for("你：", 2)
    term.type("问题二\n")
    term.wait_for("回车继续", 3)
    term.type("\n")
    term.wait_for("第二个问题的回答")
    term.type("quit\n")
    assert term.finish() == 0

    assert len(p.requests) == 2 and p.rejected == []
    assert [(m["role"], m.get("tool_call_id")) for m in sent(p, 1)] == [
        ("system", None),
        ("user", None),
        ("assistant", None),
        ("tool", "c1"),
        ("assistant", None),  # q 停下的问题补一条说明：tool 后面不能直接是 user
        ("user", None),
    ]
    assert "Traceback" not in term.out


def test_the_preview_counts_and_cuts_what_the_model_receives_not_the_escapes():
    from support.terminal import PREVIEW_CHARS, preview

    for text in ("\x1b[31m" * 60, "中" * 150 + "\u200b" * 100, "a\u200b" * 150):
        shown = preview(text)
        assert f"模型收到的是全部 {len(text)} 字符" in shown, shown[-60:]
        head = shown.split("…（屏幕上")[0]
        assert not head.endswith(("\\", "\\x", "\\x1", "\\u", "\\u20")), head[-8:]  # 不切在转义的半中间
        assert len(text) > PREVIEW_CHARS
