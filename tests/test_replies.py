"""回复进来的那一刻：形状不对、编码不对、服务商的怪癖，都不能让 agent 崩掉或弄坏对话。"""

import io
import json
import os
import subprocess
import sys

import openai
import pytest
import spawn
from conftest import (
    AGENT,
    QUESTION,
    ROUNDS,
    arguments_in,
    assistant_turns,
    cli_env,
    client_for,
    run_main,
    sent,
    tool_results,
)
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import agent
from fakes.provider import FakeProvider, call, text_reply, tool_reply
from support.provider import EMPTY_REPLY


def body(message, **extra):
    """一个 200 的 chat completion 响应体，message 原样放进去。"""
    return {
        "id": "x",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        **extra,
    }


def user_questions(messages):
    return [m["content"] for m in messages if m["role"] == "user"]


# ── 送回去的历史：本地服务的 content: null、vLLM 的空回复 ─────────────
def test_llama_cpp_null_content_on_a_tool_call_turn_goes_back_as_empty_string(project, provider):
    p = provider(
        [tool_reply(call("list_files", {})), text_reply("好"), text_reply("还好")], rules=["llama_cpp", "strict"]
    )
    client = client_for(p)
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=client, model="m")
    agent.run("再看看", messages, max_rounds=ROUNDS, client=client, model="m")
    assert p.rejected == []
    tool_turn = assistant_turns(sent(p, 1))[0]
    assert tool_turn["tool_calls"] and tool_turn["content"] == ""
    assert len(p.requests) == 3


def test_llama_cpp_mode_rejects_null_and_missing_content(provider):
    p = provider(rules=["llama_cpp"])
    client = client_for(p)
    turn = {"role": "assistant", "tool_calls": [call("list_files", "{}")]}
    result = {"role": "tool", "tool_call_id": "call_1", "content": "ok"}
    for history_turn in ({**turn, "content": None}, turn):
        with pytest.raises(openai.InternalServerError):
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "q"}, history_turn, result])
    assert len(p.rejected) == 2 and "valid string" in p.rejected[0]


def test_empty_final_answer_goes_back_as_a_visible_placeholder(project, provider, capsys):
    p = provider([text_reply(""), text_reply("好")], rules=["vllm", "strict"])
    client = client_for(p)
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=client, model="m")
    agent.run("再说一遍", messages, max_rounds=ROUNDS, client=client, model="m")
    assert p.rejected == []
    assert assistant_turns(sent(p, 1)) == [{"role": "assistant", "content": EMPTY_REPLY}]
    assert f"[最终回复]\n{EMPTY_REPLY}" in capsys.readouterr().out


def test_integer_and_missing_ids_get_fresh_string_ids(project, provider):
    p = provider(
        [tool_reply(call("list_files", {}, id=5), call("list_files", {}, id=None)), text_reply("好")], rules=["strict"]
    )
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == []
    messages = sent(p, 1)
    ids = [tc["id"] for tc in messages[2]["tool_calls"]]
    assert all(isinstance(i, str) and i for i in ids) and len(set(ids)) == 2
    assert [m["tool_call_id"] for m in messages[3:5]] == ids


# ── 不能用的 200：一句话，对话还在，下一个问题照常 ─────────────────
def fn_call(**function):
    return {"id": "c1", "type": "function", "function": function}


BROKEN = {
    "html_page": {"raw": b"<html><body><h1>Welcome to nginx!</h1></body></html>", "content_type": "text/html"},
    "empty_body": {"raw": b""},
    "truncated_json": {"raw": b'{"id": "x", "choices": [{"message": {"role": "assis'},
    "not_utf8": {"raw": b'{"choices": [{"message": {"role": "assistant", "content": "\xff\xfe"}}]}'},
    "choice_without_message": {"body": {"choices": [{}]}},
    "message_null": {"body": body(None)},
    "function_null": {"body": body(tool_reply({"id": "c1", "type": "function", "function": None}))},
    "tool_calls_object": {
        "body": body({"role": "assistant", "content": None, "tool_calls": fn_call(name="list_files", arguments="{}")})
    },
    "name_is_a_list": {"body": body(tool_reply(fn_call(name=["list_files"], arguments="{}")))},
    "body_is_a_list": {"body": [1, 2]},
    "nested_too_deep": {"raw": b"[" * 100_000 + b"]" * 100_000},
}


@pytest.mark.parametrize("reply", BROKEN.values(), ids=BROKEN.keys())
def test_unusable_reply_is_one_line_and_the_repl_goes_on(project, provider, reply):
    p = provider([reply, text_reply("第二个问题的回答")], rules=["strict", "llama_cpp", "vllm", "alternate", "mistral"])
    result = run_main(p=p, input="问题一\n问题二\n")
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and errors[0].startswith("[错误] 服务商的回复不是能用的 chat completion")
    assert f"OPENAI_BASE_URL={p.url}" in errors[0] and "MODEL=test-model" in errors[0]
    assert "[调用工具]" not in result.stdout
    assert "第二个问题的回答" in result.stdout
    assert p.rejected == []
    assert user_questions(sent(p, 1)) == ["问题一", "问题二"]


def test_html_page_is_quoted_so_the_user_sees_what_answered(project, provider):
    p = provider([BROKEN["html_page"]])
    result = run_main(QUESTION, p=p)
    assert result.returncode == 1
    assert "收到的是：<html><body><h1>Welcome to nginx!" in result.stderr


def test_unusable_reply_after_a_tool_round_keeps_the_round(project, provider):
    p = provider(
        [tool_reply(call("list_files", {})), BROKEN["message_null"], text_reply("好")], rules=["strict", "llama_cpp"]
    )
    result = run_main(p=p, input="问题一\n问题二\n")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert p.rejected == []
    assert [m["role"] for m in sent(p, 2)] == ["system", "user", "assistant", "tool", "assistant", "user"]


def test_usage_of_the_wrong_shape_is_ignored(project, provider):
    p = provider([{"body": body(text_reply("好"), usage="lots")}])
    result = run_main(QUESTION, p=p)
    assert result.returncode == 0, result.stderr
    assert "[最终回复]\n好" in result.stdout and "tokens" not in result.stdout


def test_numbers_json_cannot_write_back_do_not_poison_the_history(project, provider):
    weird = {
        "raw": b'{"choices": [{"message": {"role": "assistant", "content": "hi", "score": NaN, '
        b'"confidence": 1e999, "tool_calls": [{"id": "c1", "type": "function", "x": -Infinity, '
        b'"function": {"name": "list_files", "arguments": "{}"}}]}}]}'
    }
    p = provider([weird, text_reply("好"), text_reply("还好")], rules=["llama_cpp"])
    result = run_main(p=p, input="问题一\n问题二\n")
    assert result.returncode == 0 and result.stderr == ""
    assert p.rejected == [] and len(p.requests) == 3
    turn = assistant_turns(sent(p, 1))[0]
    assert turn["score"] is None and turn["confidence"] is None and turn["tool_calls"][0]["x"] is None


def test_cut_off_arguments_are_not_run_and_go_back_as_a_json_object(project, provider):
    p = provider(
        [tool_reply(call("run_command", '{"command": "touch made.txt', id="c1")), text_reply("好"), text_reply("还好")],
        rules=["vllm", "strict", "llama_cpp"],
    )
    result = run_main("--yes", p=p, input="建个文件\n再来\n")
    assert result.returncode == 0, result.stderr
    assert not (project / "made.txt").exists()
    assert p.rejected == [] and len(p.requests) == 3
    [arguments] = arguments_in(sent(p, 1))
    assert json.loads(arguments) == {"invalid_json": '{"command": "touch made.txt'}
    [result] = tool_results(sent(p, 1))
    assert result.startswith("错误：run_command 的参数不是完整的 JSON 对象") and "重新发起" in result


def test_list_content_is_joined_into_text(project, provider, capsys):
    p = provider(
        [text_reply(["你好，", {"type": "text", "text": "这是"}, {"type": "text", "text": "答案"}])], rules=["strict"]
    )
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")
    assert messages[-1]["content"] == "你好，这是答案"
    assert "[最终回复]\n你好，这是答案" in capsys.readouterr().out


def test_a_question_that_failed_is_kept_and_the_roles_still_alternate(project, provider):
    p = provider([{"status": 500, "error": {"message": "boom"}}, text_reply("好")], rules=["alternate", "strict"])
    result = run_main(p=p, input="问题一\n问题二\n")
    assert result.returncode == 0 and "[修复]" in result.stdout
    assert p.rejected == []
    assert [m["content"] for m in sent(p, 1)[1:]] == ["问题一", agent.UNANSWERED, "问题二"]


# ── 编码：孤立代理字符、终端编码、控制字符、没有 stdin ─────────────
def test_lone_surrogate_from_the_model_is_replaced_and_the_next_request_encodes(project, provider):
    surrogate = {"raw": b'{"choices": [{"message": {"role": "assistant", "content": "a\\ud800b"}}]}'}
    p = provider([surrogate, text_reply("好")], rules=["strict"])
    result = run_main(p=p, input="问题一\n问题二\n")
    assert result.returncode == 0 and result.stderr == ""
    assert "[最终回复]\na\ufffdb" in result.stdout
    assert assistant_turns(sent(p, 1))[0]["content"] == "a\ufffdb"


def test_file_name_that_is_not_utf8_does_not_poison_the_history(project, provider):
    if sys.platform in ("win32", "darwin"):
        pytest.skip("只有 Linux 这类文件系统允许不是 UTF-8 的文件名")
    os.close(os.open(bytes(project) + b"/\xff\xfe.txt", os.O_CREAT | os.O_WRONLY))
    p = provider([tool_reply(call("list_files", {})), text_reply("好")], rules=["strict"])
    result = run_main(QUESTION, p=p)
    assert result.returncode == 0, result.stderr
    assert "\\udcff\\udcfe.txt" in tool_results(sent(p, 1))[0]  # 写成转义，请求照样能编码


def test_console_that_cannot_show_a_character_gets_a_replacement(project, provider):
    p = provider([text_reply("好 😀 ✓")])
    result = spawn.run(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), QUESTION],
        capture_output=True,
        env=cli_env(p, PYTHONIOENCODING="gbk"),
        timeout=30,
    )
    assert result.returncode == 0, result.stderr.decode("gbk", "replace")
    assert "[最终回复]\n好 ? ?".encode("gbk") in result.stdout


def test_control_sequences_are_escaped_on_screen_but_kept_in_the_history(project, provider):
    (project / "color.txt").write_bytes(b"\x1b[31mred\x1b[0m\n")
    p = provider(
        [tool_reply(call("read_file", {"path": "color.txt"})), text_reply("\x1b[2J清屏\r盖住")], rules=["strict"]
    )
    result = run_main(QUESTION, p=p)
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\r" not in result.stdout
    assert "\\x1b[31mred" in result.stdout and "[最终回复]\n\\x1b[2J清屏\\r盖住" in result.stdout
    assert "\x1b[31mred" in tool_results(sent(p, 1))[0]


def test_direction_overrides_and_invisible_characters_are_shown_escaped(project, provider):
    p = provider([text_reply("abc\u202edef\u200bghi\x9b2J")], rules=["strict"])
    result = run_main(QUESTION, "--show-messages", p=p)
    assert result.returncode == 0, result.stderr
    assert "abc\\u202edef\\u200bghi\\x9b2J" in result.stdout
    assert not any(c in result.stdout for c in "\u202e\u200b\x9b")


@pytest.mark.skipif(os.name == "nt", reason="要在子进程里关掉文件描述符")
@pytest.mark.parametrize("fd", [0, 1])
def test_no_stdin_or_stdout_at_all_is_a_clear_line(project, provider, fd):
    result = subprocess.run(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS)],
        text=True,
        encoding="utf-8",
        stdin=subprocess.PIPE if fd else None,
        stdout=None if fd else subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=cli_env(provider()),
        preexec_fn=lambda: os.close(fd),
        timeout=30,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("[错误] 没有标准输入或标准输出") and "Traceback" not in result.stderr


@pytest.mark.skipif(os.name == "nt", reason="用 POSIX 管道")
def test_a_reader_that_leaves_early_is_not_an_error(project):
    reader = subprocess.Popen(["head", "-c", "5"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    result = spawn.run(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "--demo", QUESTION],
        stdout=reader.stdin,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=cli_env(),
        timeout=30,
    )
    reader.stdin.close()
    reader.wait(timeout=10)
    assert result.stderr == ""


# ── agent 自己的 bug：一句话、能报告、对话不丢 ─────────────────────
def test_a_bug_in_the_agent_is_one_line_and_the_conversation_survives(project, provider, monkeypatch, capsys):
    def broken_tool(name, arguments, options):
        raise RuntimeError("boom")

    p = provider([tool_reply(call("list_files", {})), text_reply("好")], rules=["strict"])
    monkeypatch.setattr(agent, "dispatch_tool", broken_tool)
    monkeypatch.setattr(sys, "stdin", io.StringIO("问题一\n问题二\n"))
    for key, value in {
        "OPENAI_API_KEY": "k",
        "OPENAI_BASE_URL": p.url,
        "MODEL": "m",
        "OPENAI_MAX_RETRIES": "0",
    }.items():
        monkeypatch.setenv(key, value)
    assert agent.main([]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("[错误] agent 内部出错：RuntimeError: boom（test_replies.py:")
    assert "报告" in err
    assert "[修复]" in out and "[最终回复]\n好" in out
    assert p.rejected == []
    assert user_questions(sent(p, 1)) == ["问题一", "问题二"]


# ── 性质测试：从合格的回复出发随便改，对话都不能坏 ────────────────
VALID_REPLIES = [
    body(text_reply([{"type": "text", "text": "分段的"}, {"type": "text", "text": "回答"}])),
    body(text_reply("这是一个 React 项目")),
    body(tool_reply(call("list_files", {"path": "."}, id="call_0"))),
    body(
        tool_reply(
            call("read_file", {"path": "README.md"}, id="call_0"),
            call("search_files", {"query": "react"}, id="call_1"),
            content="我看看",
        )
    ),
    body(
        tool_reply(call("list_files", {}, id="call_0")),
        usage={"prompt_tokens": 10, "completion_tokens": 5, "prompt_tokens_details": {"cached_tokens": 2}},
    ),
]
ODD_VALUES = st.one_of(
    st.none(),
    st.integers(-2, 2),
    st.booleans(),
    st.just([]),
    st.just({}),
    st.text(max_size=4),
    st.sampled_from(["", " ", "call_0", "{}", '{"path": "', "list_files", "\ud800", "\x1b[2J", "<html>"]),
)


@st.composite
def mutated(draw, value):
    """沿着 JSON 往下走，每个字段要么不动，要么删掉、置 null、换成奇怪的值。"""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            action = draw(st.sampled_from(["keep", "keep", "keep", "drop", "null", "odd"]))
            if action == "keep":
                out[key] = draw(mutated(item))
            elif action == "null":
                out[key] = None
            elif action == "odd":
                out[key] = draw(ODD_VALUES)
        return out
    if isinstance(value, list):
        return [draw(mutated(item)) for item in value]
    return value


def assert_valid_history(p):
    """服务商没拒绝过任何请求，而且每个请求都满足送回历史的规矩。"""
    assert p.rejected == []
    for request in p.requests:
        for m in request["messages"]:
            json.dumps(m, ensure_ascii=False).encode("utf-8")  # 能编码：没有孤立代理字符
            for tc in m.get("tool_calls") or []:
                assert isinstance(m["content"], str) and isinstance(tc["id"], str) and tc["id"]
                assert isinstance(json.loads(tc["function"]["arguments"]), (dict, list, str, int, float, type(None)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(reply=st.sampled_from(VALID_REPLIES).flatmap(mutated))
@example(reply=VALID_REPLIES[2])  # 原样的工具调用回复（content: null）每次都跑
def test_no_reply_shape_breaks_the_conversation(project, reply):
    rules = ["strict", "llama_cpp", "vllm", "alternate", "mistral"]
    with (
        FakeProvider([{"body": reply}, text_reply("好")], rules=rules) as one_shot,
        FakeProvider([{"body": reply}, text_reply("好"), text_reply("好")], rules=rules) as repl,
    ):
        result = run_main(QUESTION, p=one_shot)
        assert result.returncode in (0, 1) and "内部出错" not in result.stderr, result.stderr
        assert "Traceback" not in result.stderr, result.stderr
        result = run_main(p=repl, input=f"{QUESTION}\n再看看\n")
        assert result.returncode == 0 and "内部出错" not in result.stderr, result.stderr
        assert "Traceback" not in result.stderr, result.stderr
    assert_valid_history(one_shot)
    assert_valid_history(repl)
    assert user_questions(sent(repl, -1)) == [QUESTION, "再看看"]
