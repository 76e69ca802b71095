"""请求的检查，像真服务商一样：不合规就回 400。离线演示（strict）和测试的假服务商（fakes/provider.py）共用这一份。

所有服务商（OpenAI 的规矩）：角色只能是 system、developer、user、assistant、tool；每个 tool_call 的 id 是非空、
不重复的字符串，type 是 "function"，name 和 arguments 是字符串；每个 tool_call 后面紧跟着恰好一条 id 相同的
role:"tool" 结果，中间不插别的；每条结果都回答一个还没回答的调用，content 是字符串。
strict 再加上更严格的几家：assistant 的 content 一律是字符串（llama.cpp 拒收 null）、arguments 是 JSON（vLLM）、
tool 后面不能直接跟 user（Mistral）、两条 user 不能挨着（Gemma、Mistral 的模板）。
"""

import re

from support.json_safe import loads

ROLES = ("system", "developer", "user", "assistant", "tool")


def check_request(model, messages, tools=None, strict: bool = True) -> tuple | None:
    """不合规时返回 (服务商的原话, param, code)，合规返回 None。"""
    if not isinstance(model, str) or not model:
        return "you must provide a model parameter", "model", None
    if not isinstance(messages, list) or not messages:
        return "'messages' must be a non-empty array", "messages", None
    for tool in tools if isinstance(tools, list) else [None] * (tools is not None):
        fn = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(fn, dict) or tool.get("type") != "function" or not isinstance(fn.get("name"), str):
            return "Invalid 'tools': each tool needs type 'function' and a name", "tools", None
    pending, seen_ids, last = {}, set(), None  # 还没回答的调用 id（dict：查、删都是常数时间，顺序不变）
    for i, m in enumerate(messages):
        role, where = m.get("role") if isinstance(m, dict) else None, f"messages.[{i}]"
        if role not in ROLES:
            return f"Invalid value for 'messages[{i}].role': {role!r}", f"{where}.role", "invalid_value"
        if pending and role != "tool":
            return unanswered(pending), f"{where}.role", None
        if strict and role == "user" and last in ("user", "tool"):
            said = "Unexpected role 'user' after role 'tool'" if last == "tool" else "Conversation roles must alternate"
            return said, f"{where}.role", "invalid_request_message_order" if last == "tool" else None
        if role == "assistant" and (problem := assistant_problem(i, m, seen_ids, strict)):
            return problem, f"{where}.tool_calls" if "tool_calls" in problem else f"{where}.content", None
        if role == "assistant":
            pending = dict.fromkeys(tc["id"] for tc in m.get("tool_calls") or [])
        elif role == "tool" and m.get("tool_call_id") not in pending:
            said = f"Invalid parameter: messages[{i}] with role 'tool' must be a response to a preceeding message with "
            said += "'tool_calls'."
            return said, f"{where}.tool_call_id", None
        elif role == "tool":
            del pending[m["tool_call_id"]]
        if role != "assistant" and not isinstance(m.get("content"), str if role == "tool" else (str, list)):
            return f"Invalid type for 'messages[{i}].content': expected a string", f"{where}.content", None
        last = role
    return (unanswered(pending), "messages", None) if pending else None


def unanswered(pending: list) -> str:
    return (
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
        f"'tool_call_id'. The following tool_call_ids did not have response messages: {', '.join(pending)}"
    )


def assistant_problem(i: int, m: dict, seen_ids: set, strict: bool) -> str | None:
    """一条 assistant 消息的问题（服务商的原话）：content、每个调用的形状、id 不重复。"""
    content, calls = m.get("content"), m.get("tool_calls")
    if strict and not isinstance(content, str):
        got = "null" if content is None else type(content).__name__
        return f"Invalid type for 'messages[{i}].content': expected a string, got {got}"
    if "tool_calls" not in m:
        return None if content is not None else f"Missing required parameter: 'messages[{i}].content'"
    if not isinstance(calls, list) or not calls:
        return f"Invalid 'messages[{i}].tool_calls': empty array. Expected an array with minimum length 1"
    for tc in calls:
        fn = tc.get("function") if isinstance(tc, dict) and isinstance(tc.get("function"), dict) else {}
        if not isinstance(tc, dict) or not isinstance(tc.get("id"), str) or not tc["id"]:
            return f"Missing required parameter: 'messages[{i}].tool_calls[].id'"
        if tc["id"] in seen_ids:
            return f"Duplicate tool_call id {tc['id']!r} in messages[{i}].tool_calls"
        seen_ids.add(tc["id"])
        if tc.get("type") != "function":
            return f"Missing required parameter: 'messages[{i}].tool_calls[].type'"
        if not isinstance(fn.get("name"), str) or not isinstance(fn.get("arguments"), str):
            return f"Invalid 'messages[{i}].tool_calls[].function': name and arguments must be strings"
        if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", fn["name"]):  # OpenAI 的原话
            return f"Invalid 'messages[{i}].tool_calls[].function.name': string does not match pattern."
        if strict and not is_json(fn["arguments"]):
            return f"Invalid 'messages[{i}].tool_calls[].function.arguments': not valid JSON"
    return None


def is_json(text: str) -> bool:
    try:
        loads(text)
    except (ValueError, RecursionError):
        return False
    return True
