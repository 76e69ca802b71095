"""测试用的本地 Chat Completions 服务。

它在 127.0.0.1 上监听，按脚本扮演模型，并像真实服务商一样检查收到的请求：
历史不合规就回 400，测试里的 agent 就会像对着真服务商一样失败。

脚本的每一项是下面之一：
- 一条 assistant 消息（dict，含 "role"）：正常回复；
- {"message": …, "finish_reason": …, "usage": …}：带额外字段的回复；
- {"status": 401, "error": {...}}：错误回复；{"body": {...}}：原样返回的 200 响应体；
- {"raw": b"...", "content_type": "text/html"}：原样返回的字节（HTML 页面、截断的 JSON……）；
- {"sleep": 秒数, "then": 另一项}：先等一会儿再回；
- 一个函数 f(request_body) -> 上面任意一项。

rules 选择扮演哪家服务商的额外规矩（见 PROVIDER_RULES）。
"""

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from support import request_rules
from support.provider import TOOL_NAME


def call(name, arguments=None, id="call_1", **extra):
    """一个 tool_call；arguments 是对象时转成 JSON 字符串，是字符串时原样发送。"""
    if not isinstance(arguments, str) and arguments is not None:
        arguments = json.dumps(arguments, ensure_ascii=False)
    tc = {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}, **extra}
    if id is None:
        del tc["id"]
    return tc


def tool_reply(*calls, content=None, **extra):
    return {"role": "assistant", "content": content, "tool_calls": list(calls), **extra}


def text_reply(content, **extra):
    return {"role": "assistant", "content": content, **extra}


# ── 所有服务商都有的规矩（OpenAI 的行为）：和离线演示共用 support/request_rules.py ──────────
def check_request(body):
    """请求不合 OpenAI 的规矩时返回服务商的原话，合规返回 None。"""
    problem = request_rules.check_request(body.get("model"), body.get("messages"), body.get("tools"), strict=False)
    return problem and problem[0]


# ── 各家服务商额外的规矩（见 docs/providers.md 的“兼容各家服务商”）──────────
def deepseek_rule(body):
    for i, m in enumerate(body["messages"]):
        if m.get("role") == "assistant" and m.get("tool_calls") and "reasoning_content" not in m:
            return f"Missing `reasoning_content` field in the assistant message at message index {i}"


def gemini_rule(body):
    for m in body["messages"]:
        for tc in m.get("tool_calls") or []:
            if not ((tc.get("extra_content") or {}).get("google") or {}).get("thought_signature"):
                return "Function call is missing a thought_signature in functionCall parts."


def ollama_rule(body):
    for m in body["messages"]:
        if "content" in m and m["content"] is None:
            return "invalid message content type: <nil>"


def llama_cpp_rule(body):
    """llama-cpp-python 的服务：自己回 content: null，收回来时 null 或缺 content 都回 500。"""
    for i, m in enumerate(body["messages"]):
        if m.get("role") == "assistant" and not isinstance(m.get("content"), (str, list)):
            return 500, f"1 validation error: messages.{i}.content: Input should be a valid string"


def vllm_rule(body):
    for m in body["messages"]:
        if m.get("role") == "assistant" and not m.get("tool_calls") and m.get("content") == "":
            return "Invalid assistant message: content must not be empty when there are no tool_calls"
        for tc in m.get("tool_calls") or []:
            try:
                json.loads(tc["function"]["arguments"])
            except ValueError:
                return "Expecting value: line 1 column 1 (char 0)"


def alternate_rule(body):
    """Gemma、Mistral 一类的聊天模板：两条 user、两条 assistant 消息不能挨着（角色要交替）。"""
    roles = [m["role"] for m in body["messages"]]
    if any(a == b in ("user", "assistant") for a, b in zip(roles, roles[1:], strict=False)):
        return "Conversation roles must alternate user/assistant/user/assistant/..."


def mistral_rule(body):
    """Mistral 的 API 和它的聊天模板：tool 结果后面不能直接跟 user（invalid_request_message_order）。"""
    roles = [m["role"] for m in body["messages"]]
    if any(a == "tool" and b == "user" for a, b in zip(roles, roles[1:], strict=False)):
        return "Unexpected role 'user' after role 'tool'"


def openai_2026_rule(body):
    """OpenAI 2026 年的模型（gpt-5.6 一类）在 /v1/chat/completions 上：带函数工具的请求，reasoning_effort 只收 "none"；
    不写也不行（模型自己带着默认的 effort）。pipecat-ai/pipecat#4043、BerriAI/litellm#34569。"""
    if body.get("tools") and body.get("reasoning_effort") != "none":
        return {
            "message": "Function tools with reasoning_effort are not supported for gpt-5.6 in /v1/chat/completions. "
            "To use function tools, use /v1/responses or set reasoning_effort to 'none'.",
            "param": "reasoning_effort",
        }


def no_reasoning_effort_rule(body):
    """DeepSeek 一类：不认得的 reasoning_effort 值就拒绝（没人要求就不该发）。"""
    if "reasoning_effort" in body:
        return "Unknown variant for reasoning_effort: expected one of low, medium, high"


def openai_history_rule(body):
    """OpenAI 对历史里别的客户端写的东西的检查：调用 id 最多 40 个字符，消息的 name 只能是字母、数字、_、-。"""
    for i, m in enumerate(body["messages"]):
        if "name" in m and not TOOL_NAME.fullmatch(str(m["name"])):
            return (
                f"Invalid 'messages[{i}].name': string does not match pattern. "
                "Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'."
            )
        for n, tc in enumerate(m.get("tool_calls") or []):
            if len(tc["id"]) > 40:
                return (
                    f"Invalid 'messages[{i}].tool_calls[{n}].id': string too long. Expected a string with maximum "
                    f"length 40, but got a string with length {len(tc['id'])} instead."
                )


ALLOWED_KEYS = {
    "system": {"role", "content", "name"},
    "user": {"role", "content", "name"},
    "assistant": {"role", "content", "tool_calls", "name", "prefix"},
    "tool": {"role", "content", "tool_call_id", "name"},
}


def strict_rule(body):
    """Mistral、Groq 一类：多一个字段就拒绝；工具结果不能是空字符串。"""
    for i, m in enumerate(body["messages"]):
        extra = set(m) - ALLOWED_KEYS[m["role"]]
        for tc in m.get("tool_calls") or []:
            extra |= set(tc) - {"id", "type", "function"}
            extra |= set(tc.get("function") or {}) - {"name", "arguments"}
        if extra:
            return f"messages.{i}: Extra inputs are not permitted: {sorted(extra)}"
        if m["role"] == "tool" and not m["content"]:
            return f"messages.{i}.content: tool content must not be empty"


PROVIDER_RULES = {
    "deepseek": deepseek_rule,
    "gemini": gemini_rule,
    "ollama": ollama_rule,
    "llama_cpp": llama_cpp_rule,
    "vllm": vllm_rule,
    "strict": strict_rule,
    "alternate": alternate_rule,
    "mistral": mistral_rule,
    "openai_2026": openai_2026_rule,
    "openai_history": openai_history_rule,
    "no_reasoning_effort": no_reasoning_effort_rule,
}


class FakeProvider:
    def __init__(self, script=(), rules=(), require_tool_choice=False):
        self.script = list(script)
        self.rules = [PROVIDER_RULES[r] for r in rules]
        # 扮演 llama-cpp-python 时，带工具调用的回复一律是 content: null（它自己就这么回）
        self.null_content = "llama_cpp" in rules
        # llama-cpp-python 的 chatml-function-calling：不写 tool_choice="auto" 就不调工具
        self.require_tool_choice = require_tool_choice
        self.requests = []  # 收到的每个请求体
        self.raw = []  # 同样的请求体，收到时的原始字节
        self.rejected = []  # 回 400 时说的话
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        # 每 0.01 秒看一次要不要停：测试结束时 shutdown() 马上返回
        threading.Thread(target=self.server.serve_forever, args=(0.01,), daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def respond(self, body):
        """返回 (状态码, 响应体)。"""
        self.requests.append(body)
        problem = check_request(body)
        for rule in self.rules:
            problem = problem or rule(body)
        extra = {}
        if isinstance(problem, dict):  # 带着 param 的错误：{"message": …, "param": …}
            problem, extra = problem["message"], {k: v for k, v in problem.items() if k != "message"}
        status, problem = problem if isinstance(problem, tuple) else (400, problem)
        if problem:
            self.rejected.append(problem)
            return status, {"error": {"message": problem, "type": "invalid_request_error", **extra}}
        if self.require_tool_choice and body.get("tools") and body.get("tool_choice") != "auto":
            return 200, completion(body, text_reply("（没有调用工具的纯文本回答）"))
        if not self.script:
            return 500, {"error": {"message": "fake provider: script exhausted"}}
        item = self.script.pop(0)
        if callable(item):
            item = item(body)
        if "sleep" in item:
            time.sleep(item["sleep"])
            item = item["then"]
        if "status" in item:
            return item["status"], {"error": item["error"]}
        if "body" in item or "raw" in item:
            return 200, item
        if "role" in item:
            item = {"message": item}
        if self.null_content and item["message"].get("tool_calls"):
            item["message"] = {**item["message"], "content": None}
        return 200, completion(body, **item)

    def _handler(self):
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                provider.raw.append(raw)
                body = json.loads(raw or b"{}")
                if not self.path.endswith("/chat/completions"):
                    status, reply = 404, {"error": {"message": f"no route {self.path}"}}
                else:
                    status, reply = provider.respond(body)
                data, content_type = reply.get("raw"), reply.get("content_type", "application/json")
                if data is None:
                    data = to_json_bytes(reply.get("body", reply))
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # 客户端已经走了（超时或 Ctrl-C）

            def log_message(self, *args):
                pass

        return Handler


def to_json_bytes(data) -> bytes:
    """像服务商一样发 UTF-8 的 JSON；孤立的代理字符只能写成 \\ud800 这样的转义。"""
    text = json.dumps(data, ensure_ascii=False)
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text).encode()


def messages_bytes(raw: bytes) -> bytes:
    """从原始请求体里切出 "messages" 的值（那个数组），原样的字节。"""
    text = raw.decode("utf-8")
    start = text.index('"messages":') + len('"messages":')
    start += len(text[start:]) - len(text[start:].lstrip())
    _, end = json.JSONDecoder().raw_decode(text, start)
    return text[start:end].encode("utf-8")


def completion(body, message, finish_reason=None, usage=None):
    if finish_reason is None:
        finish_reason = "tool_calls" if message.get("tool_calls") else "stop"
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": body["model"],
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": usage or {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }
