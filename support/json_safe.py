"""历史里能放什么：每个字符都能编码成 UTF-8、每个数都能写成 JSON，arguments 是 JSON 对象的字符串。

这些东西一进 messages 就会跟着每个请求发出去：有一处写不出来或者对方解析不了，之后每次请求都会失败。
"""

import json
import math
import re

INVALID_JSON = "invalid_json"  # 坏掉的 arguments 存进历史时包的那一层
MAX_INVALID_CHARS = 2000  # 包起来的原文最多保留这么多字符
LONE_SURROGATES = re.compile("[\ud800-\udfff]")
MAX_DEPTH = 50  # 离线演示读 JSON 最多嵌套几层：更深的算读不了（从多深的调用栈里读，结果都一样）


def safe_text(data):
    """把 UTF-8 编不了的字符（孤立的代理字符，比如不是 UTF-8 的文件名）换成 �，
    把 JSON 写不出的数（NaN、Infinity、1e999）换成 null。

    这些东西一进 messages，之后每次请求都会编码失败。对 dict、list 逐层处理。
    """
    if isinstance(data, str):
        return LONE_SURROGATES.sub("\ufffd", data)
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, list):
        return [safe_text(item) for item in data]
    if isinstance(data, dict):
        return {safe_text(key): safe_text(value) for key, value in data.items()}
    return data


def json_arguments(arguments) -> str:
    """arguments 存进历史的样子：一律是 JSON 对象的字符串。

    空白 → "{}"（有的服务商无参数时给 ""）；对象 → json.dumps；
    不是 JSON 对象的（比如输出在 token 上限处被截断）→ {"invalid_json": 原文}。
    vLLM 会对历史里的 arguments 做 json.loads，坏的会让之后每个请求都失败；
    tools.check_arguments 认得 invalid_json：回一条请模型重发的错误，工具不执行。
    """
    if isinstance(arguments, dict):
        return json.dumps(arguments, ensure_ascii=False)
    if arguments is None or (isinstance(arguments, str) and not arguments.strip()):
        return "{}"
    try:  # 只认严格的 JSON：NaN、孤立的 \ud800 之类 Python 收，别的服务端不收
        parsed = json.loads(arguments, parse_constant=not_json)
        if isinstance(parsed, dict) and not LONE_SURROGATES.search(json.dumps(parsed, ensure_ascii=False)):
            return arguments
    except (TypeError, ValueError, RecursionError):
        pass
    return json.dumps({INVALID_JSON: str(arguments)[:MAX_INVALID_CHARS]}, ensure_ascii=False)


def sent_arguments(arguments: str) -> str:
    """json_arguments 的反面：历史里包过一层的坏 arguments，取回模型发来的原文（给人看）。"""
    try:
        parsed = json.loads(arguments)
    except (TypeError, ValueError, RecursionError):
        return str(arguments)
    if isinstance(parsed, dict) and list(parsed) == [INVALID_JSON] and isinstance(parsed[INVALID_JSON], str):
        return parsed[INVALID_JSON]
    return arguments


def not_json(word: str):
    raise ValueError(f"{word} 不是 JSON")


def paired(messages: list, i: int) -> list:
    """messages[i] 这条 assistant 消息的每个调用 → (调用, 回答它的结果在 messages 里的位置, 它在紧跟着的结果里排第几)。
    按 tool_call_id 找，不按位置：结果的顺序和调用的不一样也配得上；没有结果的调用，后两项是 None。"""
    results = []
    for j in range(i + 1, len(messages)):
        if not isinstance(messages[j], dict) or messages[j].get("role") != "tool":
            break
        results.append(j)
    found = []
    for tc in messages[i].get("tool_calls") or []:
        k = next((k for k, j in enumerate(results) if messages[j].get("tool_call_id") == tc.get("id")), None)
        found.append((tc, None if k is None else results[k], k))
    return found


def shallow(text: str) -> bool:
    """JSON 文字的嵌套不超过 MAX_DEPTH 层（字符串里的括号不算；没有结尾的字符串到末尾为止：线性时间）。"""
    depth = 0
    for bracket in re.findall(r"[\[{\]}]", re.sub(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', "", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return False
    return True


def loads(text: str, **options):
    """json.loads；嵌套超过 MAX_DEPTH 层的算写坏了（ValueError），不看 Python 的调用栈还剩多深。"""
    if not isinstance(text, str) or not shallow(text):
        raise ValueError("nested too deep")
    return json.loads(text, **options)
