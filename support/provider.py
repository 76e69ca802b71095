"""和真实服务商打交道：回复的形状，回复怎样变成历史里的那一条 assistant 消息，服务商要求请求里带上的参数（Provider）。

送回去的历史必须让每家服务商都接受（DeepSeek、Kimi、GLM、Gemini、Ollama、llama.cpp、vLLM……），
规矩全在 to_history() 里；docs/providers.md 的“兼容各家服务商”一节逐条说明了为什么。
"""

import json
import re
import zlib
from types import SimpleNamespace

import openai

from support.json_safe import json_arguments, safe_text

EMPTY_REPLY = "（模型没有返回内容）"
MAX_TOOL_CALLS = 64  # 一次回复最多执行多少个工具调用；多出来的不进历史、不执行
# OpenAI 只收这样的函数名和消息的 name：历史里有一个别的，之后每个请求都回 400
TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


class ProviderError(Exception):
    """服务商回了 200，但内容不是能用的 chat completion：(哪里不对, 收到的内容)。"""


def to_history(response, messages: list, seen: set | None = None) -> dict:
    """把模型这一轮的回复变成要追加到 messages 的那一条 assistant 消息。

    先由 reply_message() 查形状，不能用的回复不进历史。然后：
    - 服务商返回了哪些字段就保留哪些（reasoning_content、extra_content、function_call 原样保留），
      不补它没给的字段（refusal: null 之类）；
    - content 一律是字符串：分段的拼起来；带 tool_calls 时 null 或缺了就写 ""（llama.cpp、LM Studio 拒收 null）；
    - 没调工具、也没有内容的回复，content 写成占位文字（vLLM 拒收空的 assistant 消息）；
    - tool_call 的 id 不是非空字符串、或和历史里的重复时，换一个新的（fresh_id：9 个字母和数字，由位置决定），
      结果消息也用这个 id；别的 id（Kimi 的 functions.NAME:INDEX 之类）原样送回；
    - arguments 一律存成 JSON 对象的字符串（json_arguments）：空白 → "{}"，对象 → json.dumps，坏的包一层；
    - 一次回复里的调用超过 MAX_TOOL_CALLS 个，只留前面这些，content 里注明其余没有执行（too_many_calls）。
    """
    msg = as_history(reply_message(response), messages, seen)
    warn_if_cut(response)
    return msg


# 回复没有正常结束（finish_reason）：回答照样显示、进历史，但先说一句，不当成完整的
CUT_SHORT = {
    "length": "这次回复到了输出长度的上限（finish_reason: length），在中途被截断了：下面的内容可能不完整",
    "content_filter": "服务商的内容过滤拦下了这次回复的一部分（finish_reason: content_filter）：下面的内容可能不完整",
}


def warn_if_cut(response) -> None:
    try:
        reason = response.choices[0].finish_reason
    except (AttributeError, IndexError, KeyError, TypeError):
        return
    if isinstance(reason, str) and reason in CUT_SHORT:  # 怪服务商的 finish_reason 可能是列表、数字
        print(f"  [警告] {CUT_SHORT[reason]}。")


def as_history(msg: dict, messages: list, seen: set | None = None, notice=None) -> dict:
    """一条查过形状的 assistant 消息，照 to_history 的规矩改成能送回去的样子（--resume 也用它整理录下的历史）。
    seen：历史里已经有的调用 id（知道的话就不用把 messages 再扫一遍）。notice(说明)：改了什么怎样告诉用户，
    默认打印一行 [注意]（--resume 把它们收进整理历史的那几行里）。"""
    notice = notice or (lambda note: print(f"  [注意] {note}"))
    msg["role"] = "assistant"
    if isinstance(msg.get("content"), list):  # 分段的内容 [{"type": "text", "text": …}] 拼成一段文字
        parts = [part.get("text") if isinstance(part, dict) else part for part in msg["content"]]
        msg["content"] = "".join(part for part in parts if isinstance(part, str))
    if not msg.get("tool_calls"):
        msg.pop("tool_calls", None)  # [] 或 null 送回去会被一些服务商拒绝
        if not (msg.get("content") or "").strip():
            msg["content"] = EMPTY_REPLY
        return msg
    if msg.get("content") is None:
        msg["content"] = ""
    too_many_calls(msg, notice)
    seen = seen if seen is not None else {tc["id"] for m in messages for tc in m.get("tool_calls") or []}
    used = set()  # 这条回复里已经用了的（seen 只读：录音里它是整段历史的，不拷一份）
    for number, tc in enumerate(msg["tool_calls"], 1):
        if not isinstance(tc.get("id"), str) or not tc["id"] or tc["id"] in seen or tc["id"] in used:
            tc["id"] = fresh_id(len(messages), number, lambda i: i in seen or i in used, len(seen) + len(used))
        used.add(tc["id"])
        tc["type"] = "function"
        tc["function"]["arguments"] = json_arguments(tc["function"].get("arguments"))
        safe_tool_name(msg, tc["function"], notice)
    return msg


def safe_tool_name(msg: dict, function: dict, notice) -> None:
    """模型编出来的函数名（GPT 有时发 multi_tool_use.parallel）不合 OpenAI 的规矩：换成 invalid_ 开头、
    不会是哪个真工具的名字，执行时得到“没有这个工具”；content 里照原样（转义后）写下它发来的名字，模型下一轮看得到。"""
    name = function.get("name")
    if isinstance(name, str) and TOOL_NAME.fullmatch(name):
        return
    sent = json.dumps(name if isinstance(name, str) else str(name), ensure_ascii=True)[:200]
    function["name"] = ("invalid_" + re.sub(r"[^a-zA-Z0-9_-]", "_", str(name or "")))[:64]
    note = f"[模型发来的工具名 {sent} 不合规矩（只能是 1 到 64 个字母、数字、_、-），换成了 {function['name']}]"
    msg["content"] = f"{msg['content']}\n{note}".lstrip("\n")
    notice(note[1:-1])


def fresh_id(position: int, number: int, taken, count: int) -> str:
    """一个新的调用 id：call 加 5 位数字，一共 9 个字母和数字（Mistral 只收这样的，别家也都收）。
    由它在历史里的位置决定，不用随机数：回放同一段录音得到同样的 id。taken(id)：这个 id 用过了吗；count：用过几个。

    用过了就按 (位置, 第几次) 算出的伪随机位置再试：每个新 id 试的是不同的一串位置，历史里的一个 id 只挡得住
    其中一串的一步，所以再怎么造录音，总共试的次数也不超过历史里 id 的个数。历史里的 id 占了 call 开头的
    一半以上（只有造出来的录音会这样）：换成 c 加 8 位数字，一亿个里总有空的。"""
    n = position * MAX_TOOL_CALLS + number
    prefix, space = ("call", 10**5) if count < 5 * 10**4 else ("c", 10**8)
    candidate, tries = f"{prefix}{n % space:0{len(str(space)) - 1}d}", 0
    while taken(candidate):
        tries += 1
        candidate = f"{prefix}{zlib.crc32(f'{n}:{tries}'.encode()) % space:0{len(str(space)) - 1}d}"
    return candidate


def too_many_calls(msg: dict, notice) -> None:
    """一次回复几万个调用（失控的模型、恶意的服务）：只留前 MAX_TOOL_CALLS 个，其余不执行。

    丢掉的调用不进历史，所以配对照样成立，下一次请求也不会被几万条结果撑大；
    content 里注明丢了多少，模型下一轮看得到，终端上也打印一句。
    """
    total = len(msg["tool_calls"])
    if total > MAX_TOOL_CALLS:
        del msg["tool_calls"][MAX_TOOL_CALLS:]
        note = f"[这次回复有 {total} 个工具调用，超过上限 {MAX_TOOL_CALLS}：只执行前 {MAX_TOOL_CALLS} 个，其余没有执行]"
        msg["content"] = f"{msg['content']}\n{note}".lstrip("\n")
        notice(note[1:-1])


def reply_message(response) -> dict:
    """从回复里取出 message（普通 dict，只含服务商给的字段），先查形状。

    SDK 不校验回复：HTML 页面以 str 到这里，"message": null 以 None 到这里。
    不能用的回复抛 ProviderError，什么都不打印、不执行、不进历史。
    UTF-8 编不了的字符（孤立的代理字符）换成 �：它们一进历史，之后每次请求都发不出去。
    """
    reply = safe_text(response.to_dict(warnings=False) if isinstance(response, openai.BaseModel) else response)
    choices = reply.get("choices") if isinstance(reply, dict) else None
    if not choices or not isinstance(choices, list):
        raise ProviderError("没有 choices", reply)
    msg = choices[0].get("message") if isinstance(choices[0], dict) else None
    if not isinstance(msg, dict):
        raise ProviderError("choices[0] 里没有 message", reply)
    if not isinstance(msg.get("content"), (str, list, type(None))):
        raise ProviderError("message.content 不是字符串", reply)
    if msg.get("tool_calls") is not None and not calls_ok(msg["tool_calls"]):
        raise ProviderError("tool_calls 不是 [{function: {name: 字符串, arguments: 字符串或对象}}] 的形状", reply)
    return msg


def calls_ok(calls) -> bool:
    """tool_calls 的形状：[{function: {name: 字符串, arguments: 字符串、对象或没有}}, …]。"""
    return isinstance(calls, list) and all(
        isinstance(tc, dict)
        and isinstance(tc.get("function"), dict)
        and isinstance(tc["function"].get("name"), str)
        and isinstance(tc["function"].get("arguments"), (str, dict, type(None)))
        for tc in calls
    )


class Provider:
    """真服务商的客户端外面再包一层：服务商明说了请求里要带什么，这次运行之后的每个请求就都带上，这一次重发。

    现在只有一条（OpenAI 2026 年的模型）：带函数工具的请求，必须写 reasoning_effort: "none"，不写也被拒绝
    （"Function tools with reasoning_effort are not supported … set reasoning_effort to 'none'"，
    param 是 reasoning_effort）。
    没被要求就不发：DeepSeek 等服务商不认得这个值，发了反而被拒绝。
    """

    def __init__(self, client):
        self.client, self.base_url, self.api_key = client, client.base_url, client.api_key
        self.asked = {}  # 服务商要求带上的参数
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))

    def create(self, **request):
        try:
            return self.client.chat.completions.create(**request, **self.asked)
        except openai.BadRequestError as e:
            if self.asked or not wants_no_reasoning(e):
                raise
        self.asked = {"reasoning_effort": "none"}
        print('  [注意] 服务商要求带工具的请求写上 reasoning_effort: "none"：这次运行的请求都带上它，这一次重发。')
        return self.client.chat.completions.create(**request, **self.asked)


def wants_no_reasoning(e) -> bool:
    """这个 400 是不是 OpenAI 那条规矩：带工具时 reasoning_effort 只能是 "none"。认它的 param 和原话。"""
    said = str(getattr(e, "message", "") or e).lower()
    return (getattr(e, "param", None) == "reasoning_effort" or "reasoning_effort" in said) and "tools" in said
