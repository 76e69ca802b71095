"""s05 结果回流：工具的结果回到模型手里，由模型决定下一步。

    python agent.py                     # 交互模式，提示符“你：”
    python agent.py "这个项目用了什么技术栈？"  # 只问一个问题
    python agent.py --demo              # 离线演示：不用 key，不联网

配置写在 .env（见 .env.example），参数说明见 python agent.py -h。
主循环 run() 在第 48 行；它用到的规矩按调用的顺序排在它后面，最后是出错提示和命令行。
"""

import argparse
import contextlib
import json
import math
import os
import re
import sys
import threading
import time
import traceback
import uuid
from pathlib import Path

import openai
from dotenv import dotenv_values

import tools
from tools import TOOLS, dispatch_tool, escaped, json_arguments, safe_text

# ── 常量 ─────────────────────────────────────────────────────
MAX_ROUNDS = 10          # 安全阀：一个问题最多调用模型几轮
PREVIEW_CHARS = 200      # [工具结果] 只打印开头这么多字符
SYSTEM_PROMPT = ("你是一个有文件访问能力的助手，工作目录就是用户的项目。"
                 "先用工具查看文件、搜索内容，再根据工具返回的证据回答；"
                 "工具报错时如实说明，证据不够就说还缺什么。")
EMPTY_REPLY = "（模型没有返回内容）"
PLACEHOLDER_KEY = "sk-your-key-here"  # .env.example 里的示例值
UNANSWERED = "（上一个问题没有答完：中途出错或被中断了。）"
INTERRUPTED = "已中断：这次工具调用没有执行完（用户按了 Ctrl-C 或程序出错），没有结果。"
STEP = False             # --step：每次调用模型前停一下，看 messages 新增了什么


class ProviderError(Exception):
    """服务商回了 200，但内容不是能用的 chat completion：(哪里不对, 收到的内容)。"""


# ── 主循环 ───────────────────────────────────────────────────
def run(user_message: str, messages: list | None = None, *, client, model: str,
        max_rounds: int = MAX_ROUNDS) -> list:
    """回答一个问题。

    1. 把问题追加到 messages（新对话先放 system 规则；上个问题中断留下的缺口先补好）
    2. 带着完整历史和工具说明调用模型
    3. 模型没调工具 → 打印最终回复，结束
    4. 模型调了工具 → 逐个执行，每个结果配对一条 role=tool 消息追加回去，回到 2
    最多 max_rounds 轮，跑满就警告。返回 messages，下一个问题接着用。
    """
    if messages is None:
        messages = new_conversation()
    messages.append({"role": "user", "content": user_message})
    repaired = check_pairing(messages)
    if repaired:
        print(f"  [修复] 上一个问题没有正常结束（出错或被中断），历史里有 {repaired} 处不完整，已补好。")
    stats = {"model_calls": 0, "tool_runs": 0}

    for round_num in range(1, max_rounds + 1):
        print(f"\n{'=' * 40} 第 {round_num} 轮 {'=' * 40}")
        show_step(round_num, messages, model)

        with waiting():
            response = client.chat.completions.create(
                model=model,
                messages=messages,
                tools=TOOLS,
                tool_choice="auto",  # 默认值，但有的本地服务不写就不调工具
            )
        count_model_call(stats, response)
        msg = to_history(response, messages)
        if msg.get("reasoning_content"):
            print(f"  [思考] {preview(msg['reasoning_content'])}")

        # 情况 1：模型没调工具，直接回复 → 结束
        if not msg.get("tool_calls"):
            print(f"\n[最终回复]\n{printable(msg['content'])}")
            messages.append(msg)
            break

        # 情况 2：模型调了工具 → 执行，结果送回
        messages.append(msg)

        for tc in msg["tool_calls"]:
            func_name = tc["function"]["name"]
            func_args = tc["function"]["arguments"]  # JSON 字符串（章节里是解析好的 dict）：dispatch_tool 解析并检查
            print(f"  [调用工具] {printable(func_name[:100])}({printable(func_args)})")
            result = dispatch_tool(func_name, func_args)
            stats["tool_runs"] += 1
            print(f"  [工具结果] {preview(result)}")

            messages.append({
                "role": "tool",
                "tool_call_id": tc["id"],
                "content": result,
            })
    else:
        print(f"\n[警告] 达到最大轮次 {max_rounds}，停止执行。任务可能还没有完成。")

    print(summary(stats, messages))
    return messages


# ── run() 用到的规矩，按调用的顺序 ─────────────────────────────
def new_conversation() -> list:
    return [{"role": "system", "content": SYSTEM_PROMPT}]


def check_pairing(messages: list) -> int:
    """问题开始前检查历史的配对，就地修好，返回修了几处。

    一个 run() 之内每个调用都会得到结果；配不上对的历史只能来自上一个问题中途的 Ctrl-C 或出错。
    不修的话，之后每次请求都会被服务商拒绝：
    - 每个 tool_call 紧跟着恰好一条结果：缺的补“已中断”，重复的、对不上号的删掉；
    - 每个问题都有回答：两条 user 挨着时，中间补一条说明没答完的 assistant
      （Gemma、Mistral 等模板要求 user / assistant 交替）。
    """
    # 第一遍：按 id 收集结果，同一个 id 只要第一条
    results = {}
    for m in messages:
        if m.get("role") == "tool":
            results.setdefault(m.get("tool_call_id"), m)
    # 第二遍：重建历史，每个 tool_call 后面放它的结果，缺的补上
    fixed, added = [], 0
    for m in messages:
        if m.get("role") == "tool":
            continue
        if m.get("role") == "user" and fixed and fixed[-1].get("role") == "user":
            fixed.append({"role": "assistant", "content": UNANSWERED})
            added += 1
        fixed.append(m)
        for tc in m.get("tool_calls") or []:
            result = results.pop(tc["id"], None)
            if result is None:
                result = {"role": "tool", "tool_call_id": tc["id"], "content": INTERRUPTED}
                added += 1
            fixed.append(result)
    dropped = len(messages) + added - len(fixed)  # 重复的、对不上号的结果
    if fixed != messages:
        messages[:] = fixed
    return added + dropped


def show_step(round_num: int, messages: list, model: str) -> None:
    """--step：打印要送出的新消息，在终端上等回车。停在调用模型前，每个 tool_call 都已有结果，
    这时按 q 停下，历史仍然完整，下一个问题照常能问。"""
    if not STEP:
        return
    print(step_view(round_num, messages, model))
    if not (sys.stdin and sys.stdin.isatty() and sys.stdout and sys.stdout.isatty()):
        return
    try:
        answer = input("  [单步] 回车继续，q 回车停下这个问题：")
    except EOFError:
        answer = "q"
    if answer.strip().lower() == "q":
        raise KeyboardInterrupt  # 和 Ctrl-C 一样停下这个问题


def step_view(round_num: int, messages: list, model: str) -> str:
    """上次调用模型之后 messages 新增的消息，一条一行，最后是总数和请求的字节数。"""
    start = max((i for i, m in enumerate(messages) if m.get("role") == "assistant"), default=0)
    lines = [f"  [单步] 第 {round_num} 轮，messages 新增 {len(messages) - start} 条："]
    for i, m in enumerate(messages[start:], start):
        role, text = m.get("role", "?"), ""
        if m.get("tool_calls"):
            text = "tool_calls: " + "，".join(
                f"{tc['function'].get('name')}({tc['function'].get('arguments')}) id={tc['id']}"
                for tc in m["tool_calls"])
        elif role == "tool":
            text = f"tool_call_id={m.get('tool_call_id')}  "
        if m.get("content") or not text:
            content = str(m.get("content") or "")
            shown = json.dumps(content[:40], ensure_ascii=False) + ("…" if len(content) > 40 else "")
            text += f"{shown}（{len(content)} 字符）"
        lines.append(printable(f"    [{i}] {role:<9} {text}"))
    body = {"model": model, "messages": messages, "tools": TOOLS, "tool_choice": "auto"}
    size = len(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode())
    lines.append(f"  [单步] 这次送出 messages {len(messages)} 条，请求 {size} 字节")
    return "\n".join(lines)


@contextlib.contextmanager
def waiting():
    """等模型回复时在终端上显示等了几秒，回复到了就擦掉；输出不是终端时什么也不打印。"""
    if not (sys.stdout and sys.stdout.isatty()):
        yield
        return
    done, started = threading.Event(), time.monotonic()

    def tick():
        while not done.wait(1):
            print(f"\r  等待模型回复… {time.monotonic() - started:.0f}s", end="", flush=True)

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:  # 回复到了、出错或 Ctrl-C：都停下并擦掉这一行
        done.set()
        ticker.join()
        if time.monotonic() - started >= 1:
            print("\r" + " " * 40 + "\r", end="", flush=True)


def count_model_call(stats: dict, response) -> None:
    """模型调用次数加一，并累计 token 用量。

    缓存命中的字段两家不同：OpenAI 是 prompt_tokens_details.cached_tokens，
    DeepSeek 是 prompt_cache_hit_tokens。
    """
    stats["model_calls"] += 1
    usage = getattr(response, "usage", None)  # 形状不对的回复也会走到这里：用不了就不算
    usage = usage.to_dict(warnings=False) if isinstance(usage, openai.BaseModel) else usage
    usage = usage if isinstance(usage, dict) else {}
    details = usage.get("prompt_tokens_details")
    cached = (usage.get("prompt_cache_hit_tokens")
              or (details.get("cached_tokens") if isinstance(details, dict) else 0))
    for key, value in [("prompt", usage.get("prompt_tokens")),
                       ("completion", usage.get("completion_tokens")), ("cached", cached)]:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12:
            stats[key] = stats.get(key, 0) + value


def to_history(response, messages: list) -> dict:
    """把模型这一轮的回复变成要追加到 messages 的那一条 assistant 消息。

    先由 reply_message() 查形状，不能用的回复不进历史。送回去的历史必须让每家服务商都接受，规矩全在这里：
    - 服务商返回了哪些字段就保留哪些（reasoning_content、extra_content、function_call 原样保留），
      不补它没给的字段（refusal: null 之类）；
    - content 一律是字符串：分段的拼起来；带 tool_calls 时 null 或缺了就写 ""（llama.cpp、LM Studio 拒收 null）；
    - 没调工具、也没有内容的回复，content 写成占位文字（vLLM 拒收空的 assistant 消息）；
    - tool_call 的 id 不是非空字符串、或和历史里的重复时，换一个新的，结果消息也用这个 id；
    - arguments 一律存成 JSON 对象的字符串（json_arguments）：空白 → "{}"，对象 → json.dumps，坏的包一层。
    """
    msg = reply_message(response)
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
    seen = {tc["id"] for m in messages for tc in m.get("tool_calls") or []}
    for tc in msg["tool_calls"]:
        if not isinstance(tc.get("id"), str) or not tc["id"] or tc["id"] in seen:
            tc["id"] = f"call_{uuid.uuid4().hex[:24]}"
        seen.add(tc["id"])
        tc["type"] = "function"
        tc["function"]["arguments"] = json_arguments(tc["function"].get("arguments"))
    return msg


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
    calls = msg.get("tool_calls")
    if calls is not None and not (isinstance(calls, list) and all(
            isinstance(tc, dict) and isinstance(tc.get("function"), dict)
            and isinstance(tc["function"].get("name"), str)
            and isinstance(tc["function"].get("arguments"), (str, dict, type(None))) for tc in calls)):
        raise ProviderError("tool_calls 不是 [{function: {name: 字符串, arguments: 字符串或对象}}] 的形状", reply)
    return msg


def preview(text: str) -> str:
    """结果太长只显示开头；最后一行是分页提示（[… 用 offset=N 继续读] 之类）就总是留着。"""
    text = printable(text)
    body, _, hint = text.rpartition("\n")
    if not (body and hint.startswith(("[", "……"))):
        body, hint = text, ""
    cut = body if len(body) <= PREVIEW_CHARS else f"{body[:PREVIEW_CHARS]}…（共 {len(text)} 字符）"
    return f"{cut}\n{hint}" if hint else cut


def printable(text) -> str:
    """打印到终端的样子：模型的话、文件内容、命令输出里的控制序列不能操纵终端。历史里仍是原文。"""
    return escaped(text, keep_lines=True)


def summary(stats: dict, messages: list) -> str:
    line = (f"[统计] 模型调用 {stats['model_calls']} 次，工具执行 {stats['tool_runs']} 次，"
            f"messages 共 {len(messages)} 条")
    if "prompt" in stats:
        line += f"；tokens：输入 {stats['prompt']}"
        if stats.get("cached"):
            line += f"（缓存命中 {stats['cached']}）"
        line += f"，输出 {stats.get('completion', 0)}"
    return line


def answered(messages: list) -> bool:
    last = messages[-1]
    return last.get("role") == "assistant" and not last.get("tool_calls")


# ── 出错时：一句话说清楚该改哪个设置 ───────────────────────────
# 回复到了，但不是能用的 chat completion：形状不对、不是 JSON、编码不对、嵌套深得解析不了
BAD_REPLY = (ProviderError, json.JSONDecodeError, UnicodeError, RecursionError)


# (异常类型或几个状态码, 提示)：从上往下找第一个对得上的
ERROR_HINTS = [
    (openai.AuthenticationError, "API key 被拒绝（401）：请检查 OPENAI_API_KEY 是不是 {base_url} 的 key"),
    (openai.PermissionDeniedError, "没有权限（403）：这个 key 不能用模型 {model}，请检查 OPENAI_API_KEY 和 MODEL"),
    (openai.NotFoundError, "找不到（404）：请检查 MODEL={model} 是否存在，OPENAI_BASE_URL={base_url} 是否正确"),
    (openai.RateLimitError, "请求太频繁或额度用完（429）：稍等再试，或检查账户额度；"
                            "自动重试的次数由 OPENAI_MAX_RETRIES 设置"),
    (openai.BadRequestError, "请求被拒绝（400）：请检查 MODEL={model} 是否支持工具调用，"
                             "OPENAI_BASE_URL={base_url} 是否是 OpenAI 兼容接口"),
    ((402,), "账户余额不足（402）：请给 {base_url} 的账户充值"),
    ((405, 501), "{base_url} 不接受 POST 请求（{status}），像是一个普通网站而不是 OpenAI 兼容接口："
                 "请检查 OPENAI_BASE_URL"),
    (openai.InternalServerError, "服务商出错（{status}）：稍后再试；自动重试的次数由 OPENAI_MAX_RETRIES 设置"),
    (openai.APIStatusError, "服务商返回错误（{status}）：请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}"),
    (openai.APITimeoutError, "等模型回复超时：可以调大 OPENAI_TIMEOUT，或检查 OPENAI_BASE_URL={base_url}"),
    (openai.APIConnectionError, "连不上 {base_url}：请检查 OPENAI_BASE_URL 和网络"),
    (Exception, "服务商的回复没法用：请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}"),
]


CONTEXT_TOO_LONG = ("context length", "context_length", "context window", "maximum context", "too long")


def explain_error(e: Exception, base_url: str, model: str) -> str:
    """一行提示：哪里不对、该改哪个设置，后面附上服务商的原话。"""
    said = provider_said(e)
    if isinstance(e, BAD_REPLY):
        problem = (e.args[0] if isinstance(e, ProviderError) else "不是 JSON" if isinstance(e, json.JSONDecodeError)
                   else "嵌套太深" if isinstance(e, RecursionError) else "不是 UTF-8 文字")
        return (f"[错误] 服务商的回复不是能用的 chat completion（{problem}）：请检查 OPENAI_BASE_URL={base_url} "
                f"是不是 OpenAI 兼容接口，MODEL={model} 是否正确。收到的是：{said or '（空的响应体）'}")
    if isinstance(e, openai.BadRequestError) and any(w in said.lower() for w in CONTEXT_TOO_LONG):
        text = "对话太长，超出了模型的上下文长度（400）：输入 /reset 开始新对话"
    else:  # 表里第一个对得上的：异常类型，或者状态码
        text = next(hint for kind, hint in ERROR_HINTS
                    if (isinstance(e, kind) if isinstance(kind, type) else getattr(e, "status_code", None) in kind))
        text = text.format(status=getattr(e, "status_code", ""), base_url=base_url, model=model)
    if not said:
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
    elif isinstance(e, UnicodeError):
        said = str(e.object[:300]) if isinstance(e, UnicodeEncodeError) else bytes(e.object[:300]).decode(
            "utf-8", errors="replace")
    elif isinstance(e, RecursionError):
        said = ""
    elif isinstance(body, dict):
        said = body.get("message") or body.get("error") or json.dumps(body, ensure_ascii=False)
    elif isinstance(e, openai.APIConnectionError):
        said = str(e.__cause__ or "")
    else:  # 错误页常是一整页 HTML：只留文字
        said = str(body or e)
        said = re.sub(r"<[^>]*>", " ", said) if said.lstrip().startswith("<") else said
    return printable(" ".join(safe_text(str(said)).split())[:300])


def internal_error(e: Exception) -> str:
    """agent 自己的 bug：一句话，指出出错的位置，请用户报告；对话不丢。"""
    where = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
    place = f"（{Path(where.filename).name}:{where.lineno}）" if where else ""
    return printable(f"[错误] agent 内部出错：{type(e).__name__}: {' '.join(str(e).split())[:300]}{place}。"
                     "这是 agent 的 bug，请把这一行和你的操作报告给维护者；对话还在，可以接着问。")


# ── 配置和命令行 ─────────────────────────────────────────────
def fail(text: str):
    """配置或用法错误：一句话，退出码 2。"""
    print(text, file=sys.stderr)
    sys.exit(2)


def read_settings() -> dict:
    """配置：真正的环境变量优先，其次 agent.py 旁边的 .env，最后当前目录的 .env。

    .env 只读进这个 dict，不放进 os.environ：run_command 启动的命令看不到里面的 key 和设置。
    读过的 .env 记在 tools.ENV_FILES 里，它的硬链接也不许文件工具读。
    """
    settings = {}
    for env_file in (Path(__file__).with_name(".env"), Path.cwd() / ".env"):
        if env_file.is_file():  # 只读普通文件：.env 要是命名管道，读它会一直等
            st = env_file.stat()
            tools.ENV_FILES.add((st.st_dev, st.st_ino))
            for name, value in dotenv_values(env_file).items():
                if value is not None:
                    settings.setdefault(name, value)  # 先读到的优先，和 load_dotenv 一样
    return {**settings, **os.environ}


def connect():
    """读配置、建客户端。返回 (client, model)；配置不对就打印一句话并以退出码 2 结束。"""
    settings = read_settings()
    key, model = settings.get("OPENAI_API_KEY"), settings.get("MODEL")
    if key is None:
        fail("[错误] 没有配置 OPENAI_API_KEY。请先 cp .env.example .env，"
             "在 .env 里填好 OPENAI_API_KEY、OPENAI_BASE_URL 和 MODEL；"
             "没有 key 也可以先看离线演示：python agent.py --demo")
    if not key.strip() or key == PLACEHOLDER_KEY:
        fail(f"[错误] OPENAI_API_KEY {'还是 .env.example 里的示例值' if key else '是空的'}：请在 .env 里填上"
             "服务商给你的 key（本地服务随便填一个，比如 none）；没有 key 可以先看离线演示：python agent.py --demo")
    if not model:
        fail("[错误] 没有配置 MODEL：请在 .env 里写上模型名，例如 MODEL=deepseek-v4-flash")
    try:
        timeout = float(settings.get("OPENAI_TIMEOUT") or 120)
        retries = int(settings.get("OPENAI_MAX_RETRIES") or 2)
    except ValueError:
        timeout = retries = -1
    if not 0 < timeout <= 86400 or retries < 0:  # nan、inf 也通不过
        fail("[错误] OPENAI_TIMEOUT 要是 0 到 86400 之间的秒数，OPENAI_MAX_RETRIES 要是不小于 0 的整数，请检查 .env")
    base_url = settings.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
    # SDK 默认一次等 600 秒，交互工具等不起；重试留着应付连接失败、429 和 5xx
    try:
        client = openai.OpenAI(api_key=key, base_url=base_url, timeout=timeout, max_retries=retries)
    except Exception as e:  # noqa: BLE001  比如端口写错了字母：http://localhost:8O00/v1
        fail(f"[错误] OPENAI_BASE_URL={printable(base_url)} 不是有效的地址（{printable(e)}），请检查 .env")
    return client, model


def ask(question: str, messages: list, client, model: str, args) -> int:
    """跑一个问题，出错或 Ctrl-C 都变成一句话，对话保留。返回退出码。"""
    try:
        run(safe_text(question), messages, client=client, model=model, max_rounds=args.max_rounds)
    except KeyboardInterrupt:
        print("\n[已中断] " + ("问题没有答完，程序结束。" if args.question else "这一轮停下了；对话还在，可以接着问。"))
        return 130
    except (openai.APIError, *BAD_REPLY) as e:
        print(explain_error(e, str(client.base_url).rstrip("/"), model), file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise  # 输出的管道被关了（比如 | head），不是 bug：交给入口安静地结束
    except Exception as e:  # 真正的 bug 也只打印一句，不丢对话
        print(internal_error(e), file=sys.stderr)
        return 1
    finally:
        if args.show_messages:
            print(printable(json.dumps(messages, ensure_ascii=False, indent=2)))
    return 0 if answered(messages) else 1


def repl(client, model: str, args) -> int:
    """交互模式：对话在问题之间延续，/reset 重新开始，quit / exit / Ctrl-D / Ctrl-C 退出。"""
    if sys.stdin is None or sys.stdout is None:  # python agent.py <&- 或 >&-
        fail("[错误] 没有标准输入或标准输出，进不了交互模式：把问题写在命令行上，"
             '例如 python agent.py "这个项目是做什么的？"')
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  让 input() 支持方向键；Windows 没有
        except ImportError:
            pass
    print(f"模型：{model}；工作目录：{Path.cwd()}（quit 退出，/reset 开始新对话）")
    messages = new_conversation()
    while True:
        try:
            question = input("你：").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if not sys.stdin.isatty():
            print(printable(question))  # 从管道读入时把问题也显示出来
        if question.lower() in ("quit", "exit"):
            return 0
        if question == "/reset":
            messages = new_conversation()
            print("[已重置] 开始新的对话。")
        elif question:
            ask(question, messages, client, model, args)


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="s05 结果回流：一个会多轮调用工具的最小 Agent。",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""配置（写在 .env 里，见 .env.example；环境变量优先）：
  OPENAI_API_KEY      服务商的 API key
  OPENAI_BASE_URL     OpenAI 兼容接口地址，例如 https://api.deepseek.com
  MODEL               模型名，例如 deepseek-v4-flash
  OPENAI_TIMEOUT      等待一次回复的秒数，默认 120
  OPENAI_MAX_RETRIES  连接失败、429、5xx 时的重试次数，默认 2

交互模式里：/reset 开始新对话；quit、exit、Ctrl-D、在提示符处按 Ctrl-C 都会退出；回答途中 Ctrl-C 只停这一轮。
退出码：0 得到回答；1 达到轮次上限或接口出错；2 配置或用法错误；130 被 Ctrl-C 中断（--step 里按 q 也是）。""")
    parser.add_argument("question", nargs="*",
                        help="只问这一个问题，答完就退出（几个词会连成一句）；不写则进入交互模式")
    parser.add_argument("--max-rounds", type=int, default=MAX_ROUNDS, metavar="N",
                        help=f"一个问题最多调用模型几轮（默认 MAX_ROUNDS={MAX_ROUNDS}）")
    parser.add_argument("--yes", "-y", action="store_true",
                        help="run_command 的命令不再逐条询问，直接执行")
    parser.add_argument("--command-timeout", type=float, default=tools.COMMAND_TIMEOUT, metavar="秒",
                        help=f"run_command 的命令最多跑多久，超时连同子进程一起结束（默认 {tools.COMMAND_TIMEOUT}）")
    parser.add_argument("-C", "--workdir", metavar="DIR",
                        help="工作目录：工具只能访问这个目录里的文件（默认当前目录）")
    parser.add_argument("--show-messages", action="store_true",
                        help="每个问题结束后打印完整的 messages 列表（JSON）")
    parser.add_argument("--step", action="store_true",
                        help="单步：每次调用模型前打印 messages 新增了哪些消息，在终端上等回车（q 停下）")
    parser.add_argument("--demo", action="store_true",
                        help="离线演示：用按规则回放的假模型代替真模型，不需要 key，不联网")
    args = parser.parse_intermixed_args(argv)
    args.question = " ".join(args.question)
    if args.max_rounds < 1:
        parser.error("--max-rounds 至少是 1")
    if not 0 < args.command_timeout < math.inf:  # nan 也通不过
        parser.error("--command-timeout 要是大于 0 的有限秒数")
    return args


def safe_console() -> None:
    """打印永不出错：终端编码（比如 GBK）显示不了的字符换成替代字符；读入的坏字节也一样。"""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def main(argv=None) -> int:
    safe_console()
    args = parse_args(argv)
    if args.demo:
        import demo_model  # 只在演示时加载
        client, model = demo_model.demo_client(), "offline-demo"
    else:
        client, model = connect()
    if args.workdir:
        try:
            os.chdir(args.workdir)
        except OSError as e:
            fail(f"[错误] 没法进入工作目录 {args.workdir}：{e.strerror}")
    tools.AUTO_APPROVE, tools.COMMAND_TIMEOUT = args.yes, args.command_timeout
    global STEP
    STEP = args.step
    if args.question:
        return ask(args.question, new_conversation(), client, model, args)
    return repl(client, model, args)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # 还没进入问答（比如正在 import）就按了 Ctrl-C
        sys.exit(130)
    except BrokenPipeError:  # 读输出的一方先走了（| head）：安静地结束
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
