"""出错时：一句话说清楚哪里不对、该改哪个设置，后面附上服务商的原话；agent 自己的 bug 也只打印一句。

每一行都不含 API key：Bearer 后面的东西、出错的请求里带的 key、地址里的密码都换成 ***（support/secrets.py）；
服务商的回复里要是有 key，support/http.py 收的时候已经换掉了。
"""

import errno
import json
import re
import traceback
from pathlib import Path

import openai

from support.escapes import printable
from support.http import ReplyRefused
from support.json_safe import safe_text
from support.provider import ProviderError
from support.secrets import masked_line, request_keys, secrets_of

# 回复到了，但不是能用的 chat completion：形状不对、不是 JSON、编码不对、嵌套深得解析不了
BAD_REPLY = (ProviderError, json.JSONDecodeError, UnicodeError, RecursionError)
BAD_REPLY_WORDS = {json.JSONDecodeError: "不是 JSON", RecursionError: "嵌套太深", UnicodeError: "不是 UTF-8 文字"}


class ReplayStop(Exception):
    """--replay：录音里这一轮是出错（原样的那行提示），或者录音到头了。它的文字就是要打印的那一行。"""


# 问一个问题时，这些错误是服务商或网络的问题（回放时是录音里记着的）：一句话提示，对话保留
API_ERRORS = (openai.APIError, *BAD_REPLY, ReplayStop)


# (异常类型或几个状态码, 提示)：从上往下找第一个对得上的
ERROR_HINTS = [
    (
        ReplyRefused,
        "服务商的回复没法用：{message}，这个回复不收了（不重试）。请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}",
    ),
    (openai.AuthenticationError, "API key 被拒绝（401）：请检查 OPENAI_API_KEY 是不是 {base_url} 的 key"),
    (openai.PermissionDeniedError, "没有权限（403）：这个 key 不能用模型 {model}，请检查 OPENAI_API_KEY 和 MODEL"),
    (openai.NotFoundError, "找不到（404）：请检查 MODEL={model} 是否存在，OPENAI_BASE_URL={base_url} 是否正确"),
    (
        openai.RateLimitError,
        "请求太频繁或额度用完（429）：稍等再试，或检查账户额度；自动重试的次数由 OPENAI_MAX_RETRIES 设置",
    ),
    (
        openai.BadRequestError,
        "请求被拒绝（400）：请检查 MODEL={model} 是否支持工具调用，OPENAI_BASE_URL={base_url} 是否是 OpenAI 兼容接口",
    ),
    ((402,), "账户余额不足（402）：请给 {base_url} 的账户充值"),
    (
        (405, 501),
        "{base_url} 不接受 POST 请求（{status}），像是一个普通网站而不是 OpenAI 兼容接口：请检查 OPENAI_BASE_URL",
    ),
    (openai.InternalServerError, "服务商出错（{status}）：稍后再试；自动重试的次数由 OPENAI_MAX_RETRIES 设置"),
    (openai.APIStatusError, "服务商返回错误（{status}）：请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}"),
    (openai.APITimeoutError, "等模型回复超时：可以调大 OPENAI_TIMEOUT，或检查 OPENAI_BASE_URL={base_url}"),
    (openai.APIConnectionError, "连不上 {base_url}：请检查 OPENAI_BASE_URL 和网络"),
    (Exception, "服务商的回复没法用：请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}"),
]


# 400 时服务商的原话里有这些词（小写）：用这里更准的提示，不用表里通用的那条
BAD_REQUEST_HINTS = [
    (
        ("context length", "context_length", "context window", "maximum context", "too long"),
        "对话太长，超出了模型的上下文长度（400）：输入 /reset 开始新对话",
    ),
    (
        ("tool_call", "role 'tool'", "after role"),
        "请求被拒绝（400）：历史里的工具调用和结果没有配好对——"
        "改过 run() 的话，看看是不是漏了追加结果；用 --resume 接着一段别人给的录音问的话，可能是录音里的历史不合规矩；"
        "都不是就是 agent 的 bug，请报告",
    ),
]


def client_secrets(client) -> list:
    """client 的 key，和它的地址里的用户名、密码：出错的那一行里都换成 ***。"""
    return secrets_of(getattr(client, "api_key", None), getattr(client, "base_url", None))


def explain_error(e: Exception, client, model: str) -> str:
    """一行提示：哪里不对、该改哪个设置，后面附上服务商的原话。client 的 key（写进了地址里也一样）、
    地址里的密码、出错的请求带的 key 都换成 ***。"""
    secrets = client_secrets(client)
    base_url, model = printable(str(client.base_url).rstrip("/")), printable(model)  # 里面的 \x1b 操纵不了终端
    return masked_line(explained(e, base_url, model), [*request_keys(e), *secrets])


def explained(e: Exception, base_url: str, model: str) -> str:
    if isinstance(e, ReplayStop):
        return printable(str(e))  # 录音是别人给的也一样：控制字符不上屏幕
    said = provider_said(e)
    if isinstance(e, BAD_REPLY):
        problem = (
            e.args[0]
            if isinstance(e, ProviderError)
            else next(word for kind, word in BAD_REPLY_WORDS.items() if isinstance(e, kind))
        )
        return (
            f"[错误] 服务商的回复不是能用的 chat completion（{problem}）：请检查 OPENAI_BASE_URL={base_url} "
            f"是不是 OpenAI 兼容接口，MODEL={model} 是否正确。收到的是：{said or '（空的响应体）'}"
        )
    words = said.lower() if isinstance(e, openai.BadRequestError) else ""
    text = next((hint for keys, hint in BAD_REQUEST_HINTS if any(k in words for k in keys)), None)
    if text is None:  # 表里第一个对得上的：异常类型，或者状态码
        text = next(
            hint
            for kind, hint in ERROR_HINTS
            if (isinstance(e, kind) if isinstance(kind, type) else getattr(e, "status_code", None) in kind)
        )
        text = text.format(
            status=getattr(e, "status_code", ""), base_url=base_url, model=model, message=getattr(e, "message", "")
        )
    if not said or isinstance(e, ReplyRefused):
        return f"[错误] {text}。"
    return f"[错误] {text}。{'原因' if isinstance(e, openai.APIConnectionError) else '服务商说'}：{said}"


def provider_said(e: Exception) -> str:
    """服务商的原话（或收到的内容）的开头，压成一行、控制字符转义。"""
    body = getattr(e, "body", None)
    if isinstance(e, ProviderError):
        try:
            said = e.args[1] if isinstance(e.args[1], str) else json.dumps(e.args[1], ensure_ascii=False)
        except (ValueError, RecursionError):
            said = "（嵌套太深，无法显示）"
    elif isinstance(e, json.JSONDecodeError):
        said = e.doc
    elif isinstance(e, UnicodeEncodeError):
        said = str(e.object[:300])
    elif isinstance(e, UnicodeDecodeError):
        said = bytes(e.object[:300]).decode("utf-8", errors="replace")
    elif isinstance(e, UnicodeError):  # 没带原文的（idna 编码主机名失败）：只有说明
        said = str(e)
    elif isinstance(e, RecursionError):
        said = ""
    elif isinstance(body, dict):
        said = body.get("message") or body.get("error") or json.dumps(body, ensure_ascii=False)
    elif isinstance(e, openai.APIConnectionError):
        said = str(e.__cause__ or "")
    else:  # 错误页常是一整页 HTML：只留文字
        said = str(body or e)
        said = re.sub(r"<[^>]*>", " ", said) if said.lstrip().startswith("<") else said
    return printable(hide_secrets(" ".join(safe_text(str(said)).split()), e)[:300])  # 先藏 key 再截断：不留半个 key


def internal_error(e: Exception, client=None) -> str:
    """agent 自己的 bug：一句话，指出出错的位置，请用户报告；对话不丢。
    内存不够、数字太长、磁盘满了不是 bug：说它是什么（not_a_bug）。client 的 key、地址里的密码也换成 ***
    （异常的请求头里不一定还带着 key：有的 SDK 版本不留它）。"""
    where = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
    place = f"（{Path(where.filename).name}:{where.lineno}）" if where else ""
    secrets = client_secrets(client) if client else []
    text = masked_line(hide_secrets(" ".join(str(e).split()), e), secrets)[:300]
    reason = not_a_bug(e)
    if reason:
        return printable(f"[错误] {reason}（{type(e).__name__}: {text}）。这不是 agent 的 bug；对话还在，可以接着问。")
    return printable(
        f"[错误] agent 内部出错：{type(e).__name__}: {text}{place}。"
        "这是 agent 的 bug，请把这一行和你的操作报告给维护者；对话还在，可以接着问。"
    )


def not_a_bug(e: Exception) -> str | None:
    """环境或对方的问题（内存、太长的整数、磁盘满了）：一句话说它是什么；真是 bug 就返回 None。"""
    if isinstance(e, MemoryError):
        return "内存不够了：多半是服务商的回复、工具的结果或者要读的录音太大"
    if isinstance(e, ValueError) and "integer string conversion" in str(e):
        return "遇到一个几千位长的整数，Python 不转换这么长的数字：多半是服务商的回复里有这样的数"
    if isinstance(e, OSError) and e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG):
        return "磁盘满了（或超过了文件大小、磁盘配额的限制），输出写不进去：请腾出空间再试"
    return None


def hide_secrets(text: str, e: BaseException | None = None) -> str:
    """一行提示里的秘密换成 ***（support/secrets.py 的规矩），包括 e（和它的起因）的请求头里带的 key。"""
    return masked_line(text, request_keys(e))
