"""docs/providers.md“兼容各家服务商”表格的每一行：假服务商按那家的规矩检查请求，agent 必须过关。"""

import re

import pytest
from conftest import ROUNDS, answered, arguments_in, assistant_turns, client_for, run_main, sent, tool_results

import agent
from fakes.provider import call, text_reply, tool_reply

SIG = {"google": {"thought_signature": "c2lnbmF0dXJl"}}


def ask_twice(p, first="看看项目", second="再看看"):
    """同一个对话里问两个问题：第二个问题的请求带着第一个问题的全部历史。"""
    client = client_for(p)
    messages = agent.run(first, max_rounds=ROUNDS, client=client, model="m")
    agent.run(second, messages, max_rounds=ROUNDS, client=client, model="m")
    return messages


# ── 送回去的历史 ─────────────────────────────────────────────
def test_deepseek_reasoning_content_is_sent_back_in_later_rounds_and_questions(project, provider, capsys):
    p = provider(
        [
            tool_reply(call("list_files", {}, id="c1"), content="", reasoning_content="先列目录看看"),
            text_reply("React 项目", reasoning_content="看到了 package.json"),
            tool_reply(call("read_file", {"path": "README.md"}, id="c2"), content="", reasoning_content="读 README"),
            text_reply("全栈应用", reasoning_content="够了"),
        ],
        rules=["deepseek"],
    )
    ask_twice(p)
    assert p.rejected == []
    tool_turns = [m for m in assistant_turns(sent(p, -1)) if m.get("tool_calls")]
    assert [m["reasoning_content"] for m in tool_turns] == ["先列目录看看", "读 README"]
    assert "[思考] 先列目录看看" in capsys.readouterr().out


def test_gemini_empty_or_missing_ids_are_invented_and_signatures_echoed(project, provider):
    p = provider(
        [
            tool_reply(
                call("list_files", {}, id="", extra_content=SIG),
                call("read_file", {"path": "README.md"}, id=None, extra_content=SIG),
            ),
            text_reply("好"),
        ],
        rules=["gemini"],
    )
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == []
    messages = sent(p, 1)
    ids = [tc["id"] for tc in messages[2]["tool_calls"]]
    assert all(ids) and len(set(ids)) == 2
    assert [m["tool_call_id"] for m in messages[3:5]] == ids
    assert all(tc["extra_content"] == SIG for tc in messages[2]["tool_calls"])


def test_ollama_empty_content_is_never_turned_into_null(project, provider):
    p = provider([tool_reply(call("list_files", {}), content=""), text_reply("好")], rules=["ollama"])
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == []
    assert assistant_turns(sent(p, 1))[0]["content"] == ""


def test_llama_cpp_gets_tool_choice_auto_and_its_extra_key_passes_through(project, provider):
    legacy = {"name": "list_files", "arguments": "{}"}
    p = provider(
        [tool_reply(call("list_files", {}, id="call_0"), function_call=legacy), text_reply("好")],
        require_tool_choice=True,
    )
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.requests[0]["tool_choice"] == "auto"
    assert assistant_turns(sent(p, 1))[0]["function_call"] == legacy
    assert "README.md" in tool_results(sent(p, 1))[0]


def test_llama_cpp_repeated_ids_are_made_unique(project, provider):
    p = provider(
        [
            tool_reply(call("list_files", {}, id="call_0"), call("read_file", {"path": "README.md"}, id="call_0")),
            tool_reply(call("list_files", {"path": "src"}, id="call_0")),
            text_reply("好"),
        ]
    )
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == []
    messages = sent(p, -1)
    ids = [tc["id"] for m in messages if m.get("tool_calls") for tc in m["tool_calls"]]
    assert len(ids) == len(set(ids)) == 3
    assert [m["tool_call_id"] for m in messages if m["role"] == "tool"] == ids
    assert "My Project" in tool_results(messages)[1]  # 第二个同 id 调用的结果没有张冠李戴


@pytest.mark.parametrize("name", ["multi_tool_use.parallel", "", "read file", "x" * 65, "工具", "read_file\n"])
def test_an_invented_tool_name_never_reaches_the_provider_again(project, provider, capsys, name):
    """GPT 会发 multi_tool_use.parallel：OpenAI 之后对每个带着它的请求都回 400。进历史之前换成安全的名字，
    结果说没有这个工具，模型看得到它发了什么；假服务商像 OpenAI 一样查名字，一次也没有拒收。"""
    bad = call("list_files", {}, id="call_bad")
    bad["function"]["name"] = name
    p = provider([tool_reply(bad, call("list_files", {}, id="call_ok")), text_reply("好")])
    messages = agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == [] and answered(messages)
    sent_name = sent(p, 1)[2]["tool_calls"][0]["function"]["name"]
    assert sent_name.startswith("invalid_") and re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", sent_name)
    assert "没有名为" in tool_results(sent(p, 1))[0] and "README.md" in tool_results(sent(p, 1))[1]
    assert "不合规矩" in sent(p, 1)[2]["content"] and "[注意] 模型发来的工具名" in capsys.readouterr().out


def test_strict_validators_get_only_the_keys_the_provider_sent(project, provider):
    p = provider([tool_reply(call("list_files", {})), text_reply("好"), text_reply("不客气")], rules=["strict"])
    ask_twice(p, second="谢谢")
    assert p.rejected == []
    for m in assistant_turns(sent(p, -1)):
        assert set(m) <= {"role", "content", "tool_calls"}


def test_blank_arguments_are_sent_back_as_empty_object(project, provider):
    p = provider([tool_reply(call("list_files", "")), text_reply("好")], rules=["vllm"])
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == []
    assert arguments_in(sent(p, 1)) == ["{}"]


def test_object_arguments_are_sent_back_as_json_string(project, provider):
    as_object = {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": {"path": "README.md"}}}
    p = provider([tool_reply(as_object), text_reply("好")], rules=["vllm", "strict"])
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert p.rejected == []
    assert arguments_in(sent(p, 1)) == ['{"path": "README.md"}']
    assert "My Project" in tool_results(sent(p, 1))[0]


# ── 进来的 tool_call ─────────────────────────────────────────
def test_truncated_arguments_at_the_token_limit_are_not_executed(project, provider):
    p = provider(
        [
            {
                "message": tool_reply(call("run_command", '{"command": "touch made.txt', id="c1")),
                "finish_reason": "length",
            },
            text_reply("好"),
        ]
    )
    agent.run("建个文件", max_rounds=ROUNDS, client=client_for(p), model="m")
    [result] = tool_results(sent(p, 1))
    assert result.startswith("错误：") and "重新发起" in result
    assert not (project / "made.txt").exists()


@pytest.mark.parametrize("reason,says", [("length", "在中途被截断了"), ("content_filter", "内容过滤")])
def test_an_answer_cut_short_is_shown_with_a_warning_not_as_complete(project, provider, capsys, reason, says):
    p = provider([{"message": text_reply("技术栈是 React、Ex"), "finish_reason": reason}])
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    out = capsys.readouterr().out
    assert "[警告] " in out and says in out and f"finish_reason: {reason}" in out
    assert out.index("[警告]") < out.index("[最终回复]\n技术栈是 React、Ex")


def test_tool_calls_decide_not_finish_reason(project, provider, capsys):
    p = provider(
        [
            {"message": tool_reply(call("list_files", {})), "finish_reason": "stop"},
            {"message": text_reply("答完了"), "finish_reason": "tool_calls"},
        ]
    )
    messages = agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert len(p.requests) == 2
    assert "[最终回复]\n答完了" in capsys.readouterr().out
    assert answered(messages)


def test_empty_tool_calls_list_counts_as_final_answer_and_is_not_sent_back(project, provider):
    p = provider([text_reply("答完了", tool_calls=[]), text_reply("再见")])
    ask_twice(p)
    assert p.rejected == []
    assert "tool_calls" not in assistant_turns(sent(p, 1))[0]


# ── 历史的配对检查 ───────────────────────────────────────────
def test_check_pairing_answers_unanswered_calls_before_the_next_user_turn():
    messages = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "q1"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "list_files", "arguments": "{}"}},
                {"id": "b", "type": "function", "function": {"name": "list_files", "arguments": "{}"}},
            ],
        },
        {"role": "tool", "tool_call_id": "b", "content": "ok"},
        {"role": "tool", "tool_call_id": "zzz", "content": "orphan"},
        {"role": "user", "content": "q2"},
    ]
    assert agent.check_pairing(messages) == 3  # 补一条“没有结果”，删一条对不上号的，user 前面补一条说明
    assert [(m["role"], m.get("tool_call_id")) for m in messages] == [
        ("system", None),
        ("user", None),
        ("assistant", None),
        ("tool", "a"),
        ("tool", "b"),
        ("assistant", None),
        ("user", None),
    ]
    assert messages[3]["content"] == agent.INTERRUPTED
    assert messages[5]["content"] == agent.UNANSWERED  # tool 后面不能直接是 user（Mistral）
    assert agent.check_pairing(messages) == 0


def test_check_pairing_drops_a_duplicate_result():
    call_a = {"id": "a", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "tool_calls": [call_a]},
        {"role": "tool", "tool_call_id": "a", "content": "first"},
        {"role": "tool", "tool_call_id": "a", "content": "again"},
    ]
    assert agent.check_pairing(messages) == 1
    assert [m.get("content") for m in messages[2:]] == ["first"]


def test_check_pairing_drops_a_result_without_a_call():
    messages = [{"role": "user", "content": "q"}, {"role": "tool", "tool_call_id": "x", "content": "?"}]
    assert agent.check_pairing(messages) == 1
    assert messages == [{"role": "user", "content": "q"}]


# ── 失败：每种错误一句话，指出该改哪个设置，没有 traceback ────────
ERRORS = [
    (401, {"message": "Authentication Fails, Your api key is invalid"}, ["OPENAI_API_KEY", "401", "invalid"]),
    (403, {"message": "not allowed"}, ["OPENAI_API_KEY", "MODEL", "403"]),
    (404, {"message": "Model Not Exist"}, ["MODEL=test-model", "OPENAI_BASE_URL", "Model Not Exist"]),
    (429, {"message": "Rate limit reached"}, ["429", "Rate limit reached"]),
    (
        400,
        {"message": "This model's maximum context length is 131072 tokens", "code": "context_length_exceeded"},
        ["上下文", "/reset"],
    ),
    (400, {"message": "Invalid tools"}, ["400", "MODEL=test-model", "Invalid tools"]),
    (402, {"message": "Insufficient Balance"}, ["402", "余额", "Insufficient Balance"]),
    (500, {"message": "Service Unavailable"}, ["500", "稍后"]),
    (503, {"message": "overloaded"}, ["503"]),
]


@pytest.mark.parametrize("status,error,words", ERRORS, ids=[str(e[0]) + e[1]["message"][:8] for e in ERRORS])
def test_api_errors_become_one_line_naming_the_setting(project, provider, status, error, words, monkeypatch, capsys):
    p = provider([{"status": status, "error": error}])
    code = main_with(monkeypatch, p.url, ["看看"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("[错误]") and err.count("\n") == 1
    for word in words:
        assert word in err


def main_with(monkeypatch, url, argv, **env):
    for key, value in {
        "OPENAI_API_KEY": "test-key",
        "OPENAI_BASE_URL": url,
        "MODEL": "test-model",
        "OPENAI_MAX_RETRIES": "0",
        **env,
    }.items():
        monkeypatch.setenv(key, value)
    return agent.main(argv)


def test_reply_without_choices_is_an_error_not_a_crash(project, provider, monkeypatch, capsys):
    p = provider(
        [
            {"body": {"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": []}},
            {"body": {"error": {"message": "upstream overloaded"}}},
        ]
    )
    assert main_with(monkeypatch, p.url, ["看看"]) == 1
    assert main_with(monkeypatch, p.url, ["看看"]) == 1
    err = capsys.readouterr().err
    assert err.count("[错误]") == 2 and "choices" in err and "upstream overloaded" in err


def test_dead_server_names_the_base_url(project, monkeypatch, capsys):
    assert main_with(monkeypatch, "http://127.0.0.1:9/v1", ["看看"]) == 1
    err = capsys.readouterr().err
    assert "连不上 http://127.0.0.1:9/v1" in err and "OPENAI_BASE_URL" in err


def test_slow_provider_times_out_with_a_hint(project, provider, monkeypatch, capsys):
    p = provider([{"sleep": 3, "then": text_reply("太迟了")}])
    assert main_with(monkeypatch, p.url, ["看看"], OPENAI_TIMEOUT="0.5") == 1
    assert "OPENAI_TIMEOUT" in capsys.readouterr().err


def test_repl_recovers_after_an_error_midway_through_a_question(project, provider):
    p = provider(
        [
            tool_reply(call("list_files", {}, id="c1")),
            {"status": 500, "error": {"message": "boom"}},
            text_reply("这次好了"),
        ],
        rules=["strict"],
    )
    result = run_main(p=p, input="问题一\n问题二\n")
    assert result.returncode == 0
    assert "[错误]" in result.stderr and "Traceback" not in result.stderr
    assert "这次好了" in result.stdout
    assert p.rejected == []
    assert [m["role"] for m in sent(p, -1)] == ["system", "user", "assistant", "tool", "assistant", "user"]


def test_mistral_accepts_the_next_question_after_a_round_limit_stop(project, provider):
    """问题停在轮次上限时历史以 tool 结果结尾；下一个问题前补一条说明，Mistral 才不会回 400。"""
    p = provider([tool_reply(call("list_files", {}, id="c1")), text_reply("第二个问题的回答")], rules=["mistral"])
    result = run_main("--max-rounds", "1", p=p, input="问题一\n问题二\n")

    assert "[警告] 达到最大轮次 1" in result.stdout and "第二个问题的回答" in result.stdout
    assert p.rejected == [] and "[错误]" not in result.stderr
    assert [m["role"] for m in sent(p, 1)] == ["system", "user", "assistant", "tool", "assistant", "user"]
    assert assistant_turns(sent(p, 1))[-1]["content"] == agent.UNANSWERED


def test_host_stops_a_request_with_an_unanswered_call_before_it_is_sent(project, provider, capsys):
    """run() 里少了追加结果的那一步（比如改代码时删掉了）：宿主拦下请求，不发给服务商，模型调用数停在 1。"""

    class NoResults(list):  # 模拟删掉了追加 role:"tool" 结果的那几行
        def append(self, m):
            if m.get("role") != "tool":
                super().append(m)

    p = provider([tool_reply(call("list_files", {}, id="c1")), text_reply("不该走到这里")])
    messages = agent.run(
        "看看", NoResults(agent.new_conversation()), max_rounds=ROUNDS, client=client_for(p), model="m"
    )

    out = capsys.readouterr().out
    assert '[宿主拦截] c1 没有对应的 role:"tool" 结果，这次请求没有发出。' in out
    assert "[统计] 模型调用 1 次，工具执行 1 次" in out and "[最终回复]" not in out
    assert len(p.requests) == 1 and not answered(messages)


# ── 2026 年看到的规矩 ─────────────────────────────────────────
def test_openai_2026_tools_need_reasoning_effort_none_and_get_it_after_asking(project, provider):
    p = provider([tool_reply(call("list_files", {})), text_reply("好")], rules=["openai_2026"])
    result = run_main("看看", p=p)
    assert result.returncode == 0, result.stderr
    assert "[最终回复]\n好" in result.stdout
    assert result.stdout.count('reasoning_effort: "none"') == 1  # 说一次
    assert "reasoning_effort" not in p.requests[0]  # 没被要求之前不发
    assert [r.get("reasoning_effort") for r in p.requests[1:]] == ["none", "none"]  # 重发那一次，和之后的每一次
    assert len(p.rejected) == 1


def test_reasoning_effort_is_never_sent_to_a_provider_that_did_not_ask(project, provider):
    p = provider([tool_reply(call("list_files", {})), text_reply("好")], rules=["no_reasoning_effort"])
    result = run_main("看看", p=p)
    assert result.returncode == 0 and p.rejected == []
    assert all("reasoning_effort" not in r for r in p.requests)


def test_kimi_ids_go_back_verbatim(project, provider):
    kimi = ["functions.list_files:0", "functions.read_file:1"]
    p = provider(
        [
            tool_reply(call("list_files", {}, id=kimi[0]), call("read_file", {"path": "README.md"}, id=kimi[1])),
            text_reply("好"),
        ]
    )
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    messages = sent(p, 1)
    assert [tc["id"] for tc in messages[2]["tool_calls"]] == kimi
    assert [m["tool_call_id"] for m in messages[3:5]] == kimi


def test_openrouter_reasoning_details_survive_the_round_trip(project, provider):
    details = [{"type": "reasoning.encrypted", "data": "c2lnbmVk", "id": "r1", "format": "google-gemini-v1"}]
    p = provider([tool_reply(call("list_files", {}), reasoning_details=details), text_reply("好")])
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    assert sent(p, 1)[2]["reasoning_details"] == details


def test_invented_ids_are_nine_letters_and_digits_for_mistral(project, provider):
    p = provider(
        [
            tool_reply(call("list_files", {}, id=""), call("read_file", {"path": "README.md"}, id="")),
            tool_reply(call("list_files", {"path": "src"}, id="")),
            text_reply("好"),
        ]
    )
    agent.run("看看", max_rounds=ROUNDS, client=client_for(p), model="m")
    ids = [tc["id"] for m in sent(p, -1) if m.get("tool_calls") for tc in m["tool_calls"]]
    assert len(set(ids)) == 3 and all(re.fullmatch(r"[A-Za-z0-9]{9}", i) for i in ids)


def test_an_invented_id_is_found_even_when_the_history_holds_every_call_id():
    """造出来的录音里 call00000…call99999 全被占了：新 id 换个样子，照样是 9 个字母和数字，不会一直找下去。"""
    from support.provider import fresh_id

    taken = {f"call{n:05d}" for n in range(10**5)}
    new = fresh_id(5, 1, taken.__contains__, len(taken))
    assert new not in taken and re.fullmatch(r"[A-Za-z0-9]{9}", new)
