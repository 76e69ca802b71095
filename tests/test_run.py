"""run()：章节的主循环，对着本地假服务商跑。"""

import ast
import inspect
import json

from conftest import QUESTION, ROUNDS, answered, arguments_in, client_for, our_tool, sent, tool_results

import agent
from fakes.provider import call, messages_bytes, text_reply, tool_reply

ANSWER = "这个项目的技术栈如下：\n- 前端：React 18.2\n- 后端：Express 4.18\n- 测试：Jest 29.7"


def chapter_script():
    return [
        tool_reply(call("list_files", {"path": "."}, id="call_a")),
        tool_reply(call("read_file", {"path": "package.json"}, id="call_b")),
        tool_reply(call("read_file", {"path": "README.md"}, id="call_c")),
        text_reply(ANSWER),
    ]


def test_chapter_four_rounds_send_the_whole_history_back(project, provider, capsys):
    p = provider(chapter_script())
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="test-model")

    out = capsys.readouterr().out
    for n in range(1, 5):
        assert f"第 {n} 轮" in out
    assert "第 5 轮" not in out
    assert '[调用工具] list_files({"path": "."})' in out
    assert "[工具结果] README.md\npackage.json\nsrc/\ntests/" in out
    assert f"[最终回复]\n{ANSWER}" in out
    assert "模型调用 4 次，工具执行 3 次" in out

    assert p.rejected == []
    assert len(p.requests) == 4
    last = sent(p, -1)
    assert [m["role"] for m in last] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
        "tool",
    ]
    assert last[1]["content"] == QUESTION
    assert [m["tool_call_id"] for m in last if m["role"] == "tool"] == ["call_a", "call_b", "call_c"]
    listing, package_json, readme = tool_results(last)
    assert listing == "README.md\npackage.json\nsrc/\ntests/"
    assert '"react": "^18.2.0"' in package_json
    assert "A full-stack web application" in readme
    assert {t["function"]["name"] for t in p.requests[0]["tools"]} == {
        "list_files",
        "read_file",
        "search_files",
        "run_command",
    }
    assert messages[-1] == {"role": "assistant", "content": ANSWER}
    assert answered(messages)


def test_round_limit_prints_warning_and_stops_calling_the_model(project, provider, capsys):
    p = provider([tool_reply(call("list_files", {}, id=f"call_{i}")) for i in range(10)])
    messages = agent.run(QUESTION, client=client_for(p), model="m", max_rounds=3)

    out = capsys.readouterr().out
    assert len(p.requests) == 3
    assert "[警告] 达到最大轮次 3，停止执行。" in out
    assert "[最终回复]" not in out
    assert not answered(messages)
    assert messages[-1]["role"] == "tool"


def test_two_calls_in_one_reply_get_results_paired_by_id_in_order(project, provider):
    p = provider(
        [
            tool_reply(
                call("read_file", {"path": "README.md"}, id="call_x"), call("list_files", {"path": "src"}, id="call_y")
            ),
            text_reply("好了"),
        ]
    )
    agent.run(QUESTION, max_rounds=ROUNDS, client=client_for(p), model="m")

    assert p.rejected == []
    assert [(m["role"], m.get("tool_call_id")) for m in sent(p, 1)[2:]] == [
        ("assistant", None),
        ("tool", "call_x"),
        ("tool", "call_y"),
    ]
    readme, listing = tool_results(sent(p, 1))
    assert "My Project" in readme
    assert listing == "index.js"


def results_for(p):
    """问一个问题：p 的脚本第一轮发出一组调用，返回它们各自得到的工具结果，按顺序。"""
    agent.run("试试", max_rounds=ROUNDS, client=client_for(p), model="m")
    return tool_results(sent(p, 1))


@our_tool("read_file")
def test_bad_calls_are_answered_with_errors_the_model_can_fix(project, provider):
    p = provider(
        [
            tool_reply(
                call("delete_everything", {}, id="c1"),
                call("read_file", '{"path": "README', id="c2"),  # 被截断的 JSON
                call("read_file", {}, id="c3"),  # 缺少必填参数
                call("read_file", {"path": "README.md", "mode": "x"}, id="c4"),  # 多余参数
                call("read_file", {"path": "README.md", "offset": "2"}, id="c5"),  # 类型不对
                call("read_file", "[1, 2]", id="c6"),  # 不是对象
            ),
            text_reply("好"),
        ]
    )
    unknown, truncated, missing, extra, wrong_type, not_object = results_for(p)
    assert p.rejected == []
    assert unknown.startswith("错误：") and "list_files, read_file, search_files, run_command" in unknown
    assert truncated.startswith("错误：") and "重新发起" in truncated
    assert missing.startswith("错误：") and "缺少：path" in missing
    assert extra.startswith("错误：") and "多余：mode" in extra
    assert wrong_type.startswith("错误：") and "offset" in wrong_type and "integer" in wrong_type
    assert not_object.startswith("错误：") and "JSON 对象" in not_object


def test_blank_and_object_arguments_are_accepted_and_stored_as_json(project, provider):
    p = provider(
        [
            tool_reply(
                call("list_files", "", id="c1"),
                {
                    "id": "c2",
                    "type": "function",  # HF、原生 Ollama：arguments 是对象
                    "function": {"name": "read_file", "arguments": {"path": "README.md"}},
                },
            ),
            text_reply("好"),
        ]
    )
    listing, readme = results_for(p)
    assert arguments_in(sent(p, 1)) == ["{}", '{"path": "README.md"}']
    assert listing.startswith("README.md")
    assert "My Project" in readme


def test_failing_tool_reports_error_as_observation(project, provider):
    p = provider(
        [
            tool_reply(
                call("read_file", {"path": "missing.txt"}, id="c1"),
                call("list_files", {"path": "package.json"}, id="c2"),
            ),
            text_reply("好"),
        ]
    )
    missing, not_dir = results_for(p)
    assert missing.startswith("错误：") and "missing.txt" in missing
    assert not_dir.startswith("错误：") and "不是目录" in not_dir


def test_usage_and_cached_tokens_are_summed_in_the_summary(project, provider, capsys):
    usage_openai = {
        "prompt_tokens": 100,
        "completion_tokens": 7,
        "total_tokens": 107,
        "prompt_tokens_details": {"cached_tokens": 64},
    }
    usage_deepseek = {"prompt_tokens": 200, "completion_tokens": 9, "total_tokens": 209, "prompt_cache_hit_tokens": 128}
    p = provider(
        [
            {"message": tool_reply(call("list_files", {}, id="c1")), "usage": usage_openai},
            {"message": text_reply("好"), "usage": usage_deepseek},
        ]
    )
    agent.run("试试", max_rounds=ROUNDS, client=client_for(p), model="m")
    out = capsys.readouterr().out
    assert "tokens：输入 300（缓存命中 192），输出 16" in out


def test_history_keeps_growing_across_questions(project, provider):
    p = provider([text_reply("第一个回答"), text_reply("第二个回答")])
    client = client_for(p)
    messages = agent.run("问题一", max_rounds=ROUNDS, client=client, model="m")
    agent.run("问题二", messages, max_rounds=ROUNDS, client=client, model="m")
    assert [m["role"] for m in sent(p, 1)] == ["system", "user", "assistant", "user"]
    assert sent(p, 1)[:3] == sent(p, 0) + [{"role": "assistant", "content": "第一个回答"}]


def test_each_request_extends_the_previous_one_byte_for_byte(project, provider):
    """服务商缓存最长的不变前缀：每个请求都只能在上一个请求后面追加，不能改写前面的内容。"""
    script = chapter_script() + [
        tool_reply(call("search_files", {"query": "react"}, id="call_d")),
        text_reply("还有别的吗？没有了"),
    ]
    p = provider(script)
    client = client_for(p)
    messages = agent.run(QUESTION, max_rounds=ROUNDS, client=client, model="m")
    agent.run("再搜一下 react", messages, max_rounds=ROUNDS, client=client, model="m")  # 同一个对话里的第二个问题

    assert len(p.raw) == 6
    arrays = [messages_bytes(raw) for raw in p.raw]
    for before, after in zip(arrays, arrays[1:], strict=False):
        assert after.startswith(before[:-1])  # 去掉上一个数组的 "]"，剩下的原样是下一个的开头
    assert len({json.dumps(r["tools"]) for r in p.requests}) == 1
    assert len({json.dumps(r["messages"][0]) for r in p.requests}) == 1


def test_run_is_the_first_function_of_agent_py():
    line = inspect.getsourcelines(agent.run)[1]
    assert "run() 是第一个函数" in agent.__doc__
    assert min(n.lineno for n in ast.parse(inspect.getsource(agent)).body if isinstance(n, ast.FunctionDef)) == line
