"""[统计] 的每个数只表示一件事；[调用工具] 显示模型发来的原样；一次回复的工具调用有上限。"""

import json

from conftest import QUESTION, ROUNDS, client_for, run_main, sent, tool_results

import agent
from fakes.provider import call, text_reply, tool_reply
from support.provider import MAX_TOOL_CALLS
from support.terminal import PREVIEW_CHARS, preview


def test_rejected_calls_are_not_counted_as_executions(project, provider, capsys):
    p = provider(
        [
            tool_reply(
                call("read_file", {"nope": 1}, id="call_a"),
                call("no_such_tool", {}, id="call_b"),
                call("read_file", '{"path": "READ', id="call_c"),
            ),
            text_reply("好的"),
        ]
    )
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")
    out = capsys.readouterr().out
    assert "工具执行 0 次（另有 3 次调用没有执行：参数不对 2 次，没有这个工具 1 次）" in out
    assert p.rejected == []


def test_executed_and_rejected_are_counted_apart(project, provider, capsys):
    p = provider(
        [
            tool_reply(
                call("list_files", {}, id="call_a"),
                call("read_file", {"path": "package.json"}, id="call_b"),
                call("read_file", {"path": 3}, id="call_c"),
            ),
            text_reply("好的"),
        ]
    )
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")
    assert "工具执行 2 次（另有 1 次调用没有执行：参数不对）" in capsys.readouterr().out


def test_refused_command_is_not_an_execution(project, provider):
    p = provider([tool_reply(call("run_command", {"command": "echo hi"})), text_reply("没执行")])
    out = run_main("看看", p=p).stdout
    assert "工具执行 0 次（另有 1 次调用没有执行：命令没有获准执行）" in out
    assert tool_results(sent(p, -1))[0].startswith("没有执行：")


def test_the_call_line_shows_what_the_model_sent(project, provider, capsys):
    cut = '{"path": "package.js'
    huge = json.dumps({"path": "x" * 100_000})
    p = provider(
        [tool_reply(call("read_file", cut, id="call_a"), call("read_file", huge, id="call_b")), text_reply("好")]
    )
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")
    out = capsys.readouterr().out
    assert f"[调用工具] read_file({cut})" in out  # 不是包过一层的 {"invalid_json": …}
    assert "invalid_json" not in out.split("[工具结果]")[0]
    line = next(x for x in out.splitlines() if "call" not in x and x.startswith('  [调用工具] read_file({"path": "xxx'))
    assert len(line) < PREVIEW_CHARS + 100 and f"（共 {len(huge)} 字符）" in line
    assert len(out) < 20_000


def test_preview_never_ends_on_a_stray_line_number():
    for shift in range(30):  # read_file 的结果：行号、制表符、内容；屏幕只显示前 PREVIEW_CHARS 个字符
        text = "x" * shift + "\n" + "\n".join(f"{n}\t{'a' * 20}" for n in range(1, 40))
        body = preview(text).split("…（共")[0]
        assert not body.rsplit("\n", 1)[-1].strip().isdigit(), repr(body[-30:])


def test_a_flood_of_calls_is_capped_and_the_pairing_holds(project, provider, capsys):
    flood = [call("list_files", {}, id=f"call_{i}") for i in range(5000)]
    p = provider([tool_reply(*flood), text_reply("好")])
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")
    out = capsys.readouterr().out
    assert f"工具执行 {MAX_TOOL_CALLS} 次" in out
    assert "这次回复有 5000 个工具调用" in out
    last = sent(p, -1)
    assert p.rejected == []
    assert len(last[2]["tool_calls"]) == MAX_TOOL_CALLS == len(tool_results(last))
    assert "其余没有执行" in last[2]["content"]
    assert len(json.dumps(last)) < 200_000


def test_blank_one_shot_question_is_a_usage_error(project):
    for blank in ("", "   ", "\t"):
        r = run_main("--demo", blank)
        assert r.returncode == 2
        assert r.stderr.strip().count("\n") == 0 and "问题是空的" in r.stderr
        assert "你：" not in r.stdout
