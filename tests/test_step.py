"""--step：每次调用模型前，打印 messages 比上一次多了哪几条。"""

import io
import re

from conftest import QUESTION, ROOT, ROUNDS, client_for, our_tool, run_main

import agent
from fakes.provider import call, text_reply, tool_reply
from support.demo.model import demo_client
from support.options import Options
from support.step import pause_step

STEP = Options(step=True)  # --step
STEP_HEAD = re.compile(r"\[单步\] 第 (\d+) 轮，messages 新增 (\d+) 条：")


def steps_in(out):
    """每一步的 (轮次, 新增条数, 新增的那几行, 总结行)。"""
    found = []
    parts = STEP_HEAD.split(out)
    for i in range(1, len(parts), 3):
        lines = parts[i + 2].split("\n")
        body = [line.strip() for line in lines[1:] if line.startswith("    [")]
        total = next(line for line in lines if "这次要送出" in line)
        found.append((int(parts[i]), int(parts[i + 1]), body, total))
    return found


@our_tool("read_file")
def test_demo_step_shows_the_two_messages_each_round_adds(tmp_path):
    # 和 docs/step.md 里的命令一样：-C 指向示例项目，stdin 不是终端，所以只打印不等待
    result = run_main("--demo", "--step", "-C", str(ROOT / "examples" / "my-project"), QUESTION, input="", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    steps = steps_in(result.stdout)
    assert [(n, new) for n, new, _, _ in steps] == [(1, 2), (2, 2), (3, 2), (4, 2)]

    first = steps[0][2]
    assert first[0].startswith("[0] system") and first[1] == f'[1] user      "{QUESTION}"（15 字符）'
    for n, _, (assistant, tool), total in steps[1:]:
        index = 2 * n - 2
        assert assistant.startswith(f"[{index}] assistant tool_calls: ")
        assert tool.startswith(f"[{index + 1}] tool      tool_call_id=")
        call_id = re.search(r" id=(\S+)$", assistant).group(1)
        assert f"tool_call_id={call_id} " in tool
        assert f"这次要送出 messages {2 * n} 条" in total
    assert "list_files" in steps[1][2][0] and '"README.md\\npackage.json\\nsrc/\\ntests/"（34 字符）' in steps[1][2][1]
    assert "[最终回复]" in result.stdout
    # docs/step.md 里这条命令的输出摘录是真的
    page = (ROOT / "docs" / "step.md").read_text(encoding="utf-8")
    block = next(b for b in page.split("```text\n") if b.startswith("$ python agent.py --demo --step -C"))
    excerpt = [line for line in block.split("```")[0].splitlines() if line.startswith(("  [单步]", "    ["))]
    assert len(excerpt) >= 10 and all(line in result.stdout.splitlines() for line in excerpt)


def test_step_counts_the_bytes_of_the_request_really_sent(project, provider, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    p = provider(
        [
            tool_reply(call("read_file", {"path": "README.md"}, id="c1"), call("list_files", {"path": "src"}, id="c2")),
            text_reply("好"),
        ]
    )
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="test-model", options=STEP)

    steps = steps_in(capsys.readouterr().out)
    assert [(n, new) for n, new, _, _ in steps] == [(1, 2), (2, 3)]  # 一轮两个调用：多 3 条
    assistant, first, second = steps[1][2]
    assert 'read_file({"path": "README.md"}) id=c1，list_files({"path": "src"}) id=c2' in assistant
    assert first.startswith("[3] tool      tool_call_id=c1") and second.startswith("[4] tool      tool_call_id=c2")
    sizes = [int(re.search(r"请求 (\d+) 字节", total).group(1)) for _, _, _, total in steps]
    assert sizes == [len(raw) for raw in p.raw]


def test_step_on_the_next_question_shows_the_last_answer_and_the_new_question(project, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    client = demo_client()
    messages = agent.run(
        "搜索一下项目里有没有用到 lodash", max_rounds=ROUNDS, client=client, model="demo", options=STEP
    )
    capsys.readouterr()
    agent.run("搜索一下项目里有没有用到 react", messages, max_rounds=ROUNDS, client=client, model="demo", options=STEP)

    (n, new, body, _), *_ = steps_in(capsys.readouterr().out)
    assert (n, new) == (1, 2)
    assert body[0].startswith('[4] assistant "没有搜到 lodash') and body[1].startswith("[5] user")


def test_without_step_nothing_is_added_to_the_transcript(project):
    result = run_main("--demo", QUESTION, input="")
    assert "[单步]" not in result.stdout


def test_step_shows_a_message_changed_in_place_as_changed_not_new(monkeypatch, capsys):
    """改过的 run() 就地改了一条已经送出过的消息（比如把上一条结果换了）：--step 说它改过、改了什么，不说“新增”。"""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "问题"}]
    pause_step(1, messages, "m", [])
    call_message = {"role": "assistant", "content": "", "tool_calls": [call("list_files", {}, id="c1")]}
    messages += [call_message, {"role": "tool", "tool_call_id": "c1", "content": "旧结果"}]
    pause_step(2, messages, "m", [])
    messages[3]["content"] = "新结果"  # 就地改，没有追加
    messages[1]["name"] = "x"
    pause_step(3, messages, "m", [])
    third = capsys.readouterr().out.split("第 3 轮")[1]
    assert "messages 新增 0 条，改了 2 条：" in third
    assert "[1] user      改过：name 变了" in third
    assert '[3] tool      改过：content 原来是 "旧结果"（3 字符），现在是 "新结果"（3 字符）' in third
    del messages[2:]
    pause_step(4, messages, "m", [])
    assert "messages 新增 0 条，少了 2 条：" in capsys.readouterr().out


def test_step_shows_any_text_in_the_history_escaped_and_never_blames_the_provider(monkeypatch, capsys):
    """录音、改过的 run() 可能把孤立的代理字符（\ud800）、控制字符放进历史：单步照样显示（转义），算得出字节数。"""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for text in ("\ud800", "a\udfffb\x1b[31m", "\ud83d"):
        messages = [{"role": "system", "content": "s"}, {"role": "user", "content": text}]
        pause_step(1, messages, "m", [])
        out = capsys.readouterr().out
        assert "[单步] 这次要送出 messages 2 条" in out and "\x1b[31m" not in out
        out.encode("utf-8")  # 屏幕上的每个字符都写得出来


def test_step_compares_by_content_so_a_new_list_or_a_deletion_is_named_as_such(monkeypatch, capsys):
    """改过的 run() 换了一个新列表（messages = [...]），或者删掉了中间几条：--step 照样和上一次送出的比。"""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    messages = [{"role": "system", "content": "s"}, {"role": "user", "content": "问题"}]
    pause_step(1, messages, "m", [])
    messages += [{"role": "assistant", "content": "", "tool_calls": [call("list_files", {}, id="c1")]}]
    messages += [{"role": "tool", "tool_call_id": "c1", "content": "结果"}]
    pause_step(2, messages, "m", [])
    replaced = [messages[0], {"role": "user", "content": "另一个问题"}, *messages[2:]]
    pause_step(3, replaced, "m", [])
    third = capsys.readouterr().out.split("第 3 轮")[1]
    assert "messages 新增 0 条，改了 1 条：" in third and '[1] user      改过：content 原来是 "问题"' in third
    del replaced[1:3]
    pause_step(4, replaced, "m", [])
    fourth = capsys.readouterr().out
    assert "messages 新增 0 条，少了 2 条：" in fourth and "改过" not in fourth
