"""离线演示的“服务商”检查：像最严格的真实接口一样，先检查收到的请求，不合规就回 400。

规则照着 OpenAI 的做法，再加上几家更严格的服务商的规矩：
- 角色只能是 system、developer、user、assistant、tool；
- assistant 的每个 tool_call：id 是非空、不重复的字符串，type 是 "function"，name 和 arguments 是字符串；
- assistant 的 content 是字符串，调了工具也一样（"" 可以，null 不行：llama.cpp 拒收 null）；
- 每个 tool_call 后面紧跟着恰好一条 id 相同的 role:"tool" 结果，中间不能插别的角色；
- 每条 tool 结果都回答一个还没回答的调用，content 是字符串；
- tool 结果后面不能直接跟 user（Mistral），两条 user 不能挨着（Gemma、Mistral 的模板要求交替）。
违反了就抛 openai.BadRequestError，和真服务商回 400 时 SDK 抛的一样，agent.py 照常打印一行提示。
"""

import json

import openai

try:
    import httpx2 as httpx  # openai 3.x 用的 HTTP 库
except ImportError:  # openai 1.x、2.x 用 httpx
    import httpx

ROLES = ("system", "developer", "user", "assistant", "tool")
URL = "https://offline-demo.invalid/v1/chat/completions"  # 只用来填 httpx.Request，不会真的发出去


def check_request(model, messages, tools=None) -> tuple | None:
    """请求不合规时返回 (说明, param, code)，合规返回 None。说明用服务商的原话（英文）。"""
    if not isinstance(model, str) or not model:
        return "you must provide a model parameter", "model", None
    if not isinstance(messages, list) or not messages:
        return "'messages' must be a non-empty array", "messages", None
    for tool in tools or []:
        if not isinstance(tool, dict) or tool.get("type") != "function" or not (tool.get("function") or {}).get("name"):
            return "Invalid 'tools': each tool needs type 'function' and a name", "tools", None
    pending, seen_ids, last = [], set(), None
    for i, m in enumerate(messages):
        role = m.get("role") if isinstance(m, dict) else None
        where = f"messages.[{i}]"
        if role not in ROLES:
            return f"Invalid value for 'messages[{i}].role': {role!r}", f"{where}.role", "invalid_value"
        if pending and role != "tool":
            return (
                "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                f"'tool_call_id'. The following tool_call_ids did not have response messages: {', '.join(pending)}",
                f"{where}.role",
                None,
            )
        if role == "user" and last == "tool":
            return "Unexpected role 'user' after role 'tool'", f"{where}.role", "invalid_request_message_order"
        if role == "user" and last == "user":
            return "Conversation roles must alternate user/assistant/user/assistant/...", f"{where}.role", None
        if role == "assistant":
            problem = check_assistant(i, m, seen_ids)
            if problem:
                return problem
            pending = [tc["id"] for tc in m.get("tool_calls") or []]
        elif role == "tool":
            if m.get("tool_call_id") not in pending:
                return (
                    f"Invalid parameter: messages[{i}] with role 'tool' must be a response "
                    "to a preceeding message with 'tool_calls'.",
                    f"{where}.tool_call_id",
                    None,
                )
            if not isinstance(m.get("content"), str):
                return f"Invalid type for 'messages[{i}].content': expected a string", f"{where}.content", None
            pending.remove(m["tool_call_id"])
        elif not isinstance(m.get("content"), (str, list)):
            return f"Invalid type for 'messages[{i}].content': expected a string", f"{where}.content", None
        last = role
    if pending:
        return (
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
            f"'tool_call_id'. The following tool_call_ids did not have response messages: {', '.join(pending)}",
            "messages",
            None,
        )
    return None


def check_assistant(i, m, seen_ids) -> tuple | None:
    """一条 assistant 消息：content 是字符串；有 tool_calls 时每个调用的形状都对，id 不重复。"""
    where = f"messages.[{i}]"
    if not isinstance(m.get("content"), str):
        got = "null" if m.get("content") is None else type(m["content"]).__name__
        return f"Invalid type for 'messages[{i}].content': expected a string, got {got}", f"{where}.content", None
    if "tool_calls" not in m:
        return None
    calls = m["tool_calls"]
    if not isinstance(calls, list) or not calls:
        return (
            f"Invalid 'messages[{i}].tool_calls': empty array. Expected an array with minimum length 1",
            f"{where}.tool_calls",
            "empty_array",
        )
    for tc in calls:
        if not isinstance(tc, dict) or not isinstance(tc.get("id"), str) or not tc["id"]:
            return f"Missing required parameter: 'messages[{i}].tool_calls[].id'", f"{where}.tool_calls", None
        if tc["id"] in seen_ids:
            return f"Duplicate tool_call id {tc['id']!r} in messages[{i}]", f"{where}.tool_calls", None
        seen_ids.add(tc["id"])
        if tc.get("type") != "function":
            return f"Missing required parameter: 'messages[{i}].tool_calls[].type'", f"{where}.tool_calls", None
        fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
        if not isinstance(fn.get("name"), str) or not isinstance(fn.get("arguments"), str):
            return (
                f"Invalid 'messages[{i}].tool_calls[].function': name and arguments must be strings",
                f"{where}.tool_calls",
                None,
            )
        try:
            json.loads(fn["arguments"])
        except ValueError:
            return (
                f"Invalid 'messages[{i}].tool_calls[].function.arguments': not valid JSON",
                f"{where}.tool_calls",
                None,
            )
    return None


def rejected(message: str, param, code) -> openai.BadRequestError:
    """和真服务商回 400 时 SDK 抛的一样：带一个真的 400 响应，body 是 OpenAI 格式的 error 对象。"""
    body = {"error": {"message": message, "type": "invalid_request_error", "param": param, "code": code}}
    response = httpx.Response(400, request=httpx.Request("POST", URL), json=body)
    return openai.BadRequestError(f"Error code: 400 - {message}", response=response, body=body["error"])


def validate(model, messages, tools=None) -> None:
    """请求不合规就抛 openai.BadRequestError（400）。"""
    problem = check_request(model, messages, tools)
    if problem:
        raise rejected(*problem)
