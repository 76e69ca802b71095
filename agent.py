"""s05 结果回流：工具的结果回到模型手里，由模型决定下一步。

    python agent.py                     # 交互模式，提示符“你：”
    python agent.py "这个项目用了什么技术栈？"  # 只问一个问题
    python agent.py --demo              # 离线演示：不用 key，不联网

配置写在 .env（见 .env.example），参数说明见 python agent.py -h。
"""

import argparse
import json
import math
import os
import sys
import uuid
from pathlib import Path

import openai
from dotenv import dotenv_values

import tools
from tools import TOOLS, dispatch_tool

# ── 常量 ─────────────────────────────────────────────────────
MAX_ROUNDS = 10          # 安全阀：一个问题最多调用模型几轮
PREVIEW_CHARS = 200      # [工具结果] 只打印开头这么多字符
SYSTEM_PROMPT = ("你是一个有文件访问能力的助手，工作目录就是用户的项目。"
                 "先用工具查看文件、搜索内容，再根据工具返回的证据回答；"
                 "工具报错时如实说明，证据不够就说还缺什么。")
INTERRUPTED = "已中断：这次工具调用没有执行完（用户按了 Ctrl-C 或程序出错），没有结果。"


class ProviderError(Exception):
    """服务商回了 200，但内容没法用（比如没有 choices）。"""


# ── 历史消息：回流给模型的内容 ─────────────────────────────────
def to_history(response, messages: list) -> dict:
    """把模型这一轮的回复变成要追加到 messages 的那一条 assistant 消息。

    送回去的历史必须让每家服务商都接受，规矩全在这里：
    - 服务商返回了哪些字段就保留哪些（reasoning_content、extra_content 原样保留），
      不补它没给的字段（refusal: null 之类），也不把 "" 改成 null；
    - tool_call 的 id 为空或和历史里的重复时，换一个新的，结果消息也用这个 id；
    - arguments 一律存成 JSON 字符串：空白 → "{}"，对象 → json.dumps。
    """
    if not response.choices:
        error = (response.model_extra or {}).get("error")
        raise ProviderError(f"服务商的回复里没有 choices：{error or response.to_json()[:300]}")
    msg = response.choices[0].message.to_dict(warnings=False)  # 只含服务商真正返回的字段
    msg.setdefault("role", "assistant")
    if not msg.get("tool_calls"):
        msg.pop("tool_calls", None)  # [] 或 null 送回去会被一些服务商拒绝
        return msg
    seen = {tc["id"] for m in messages for tc in m.get("tool_calls") or []}
    for tc in msg["tool_calls"]:
        if not tc.get("id") or tc["id"] in seen:
            tc["id"] = f"call_{uuid.uuid4().hex[:24]}"
        seen.add(tc["id"])
        tc.setdefault("type", "function")
        function = tc.setdefault("function", {})
        args = function.get("arguments")
        if args is None or (isinstance(args, str) and not args.strip()):
            function["arguments"] = "{}"
        elif not isinstance(args, str):
            function["arguments"] = json.dumps(args, ensure_ascii=False)
    return msg


def check_pairing(messages: list) -> int:
    """调用模型前检查：每个 tool_call 恰好有一条结果，每条结果都对应一个 tool_call。

    不配对的历史会被服务商拒绝，而且之后每次都会失败。Ctrl-C 或出错可能留下这种历史，
    这里就地修好：缺结果的补一条“已中断”，多余的结果删掉。返回修了几处。
    """
    fixed, repairs, i = [], 0, 0
    while i < len(messages):
        m = messages[i]
        i += 1
        if m.get("role") == "tool":  # 前面没有对应的 tool_call
            repairs += 1
            continue
        fixed.append(m)
        if m.get("role") != "assistant" or not m.get("tool_calls"):
            continue
        results, given = {}, 0
        while i < len(messages) and messages[i].get("role") == "tool":
            results.setdefault(messages[i].get("tool_call_id"), messages[i])
            given += 1
            i += 1
        for tc in m["tool_calls"]:
            result = results.pop(tc["id"], None)
            if result is None:
                result = {"role": "tool", "tool_call_id": tc["id"], "content": INTERRUPTED}
                repairs += 1
            else:
                given -= 1
            fixed.append(result)
        repairs += given  # 剩下的是重复的或对不上号的结果
    if fixed != messages:
        messages[:] = fixed
    return repairs


# ── 主循环 ───────────────────────────────────────────────────
def run(user_message: str, messages: list | None = None, *, client, model: str,
        max_rounds: int = MAX_ROUNDS) -> list:
    """回答一个问题。

    1. 把问题追加到 messages（新对话先放 system 规则）
    2. 带着完整历史和工具说明调用模型
    3. 模型没调工具 → 打印最终回复，结束
    4. 模型调了工具 → 逐个执行，每个结果配对一条 role=tool 消息追加回去，回到 2
    最多 max_rounds 轮，跑满就警告。返回 messages，下一个问题接着用。
    """
    if messages is None:
        messages = new_conversation()
    messages.append({"role": "user", "content": user_message})
    stats = {"model_calls": 0, "tool_runs": 0}

    for round_num in range(1, max_rounds + 1):
        print(f"\n{'=' * 40} 第 {round_num} 轮 {'=' * 40}")
        repaired = check_pairing(messages)
        if repaired:
            print(f"  [修复] 历史里有 {repaired} 处工具调用和结果没配上对，已修好（缺的结果记为“已中断”）。")

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
            print(f"\n[最终回复]\n{msg.get('content') or '（模型没有返回内容）'}")
            messages.append(msg)
            break

        # 情况 2：模型调了工具 → 执行，结果送回
        messages.append(msg)

        for tc in msg["tool_calls"]:
            func_name = tc["function"].get("name", "")
            func_args = tc["function"]["arguments"]
            print(f"  [调用工具] {func_name}({func_args})")
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


def preview(text: str) -> str:
    text = str(text)
    return text if len(text) <= PREVIEW_CHARS else f"{text[:PREVIEW_CHARS]}…（共 {len(text)} 字符）"


def new_conversation() -> list:
    return [{"role": "system", "content": SYSTEM_PROMPT}]


def count_model_call(stats: dict, response) -> None:
    """模型调用次数加一，并累计 token 用量。

    缓存命中的字段两家不同：OpenAI 是 prompt_tokens_details.cached_tokens，
    DeepSeek 是 prompt_cache_hit_tokens。
    """
    stats["model_calls"] += 1
    usage = response.usage.to_dict() if response.usage else {}
    cached = (usage.get("prompt_cache_hit_tokens")
              or (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
    for key, value in [("prompt", usage.get("prompt_tokens")),
                       ("completion", usage.get("completion_tokens")), ("cached", cached)]:
        if isinstance(value, int):
            stats[key] = stats.get(key, 0) + value


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
def explain_error(e: Exception, base_url: str, model: str) -> str:
    said = provider_said(e)
    if isinstance(e, openai.AuthenticationError):
        text = f"API key 被拒绝（401）：请检查 OPENAI_API_KEY 是不是 {base_url} 的 key"
    elif isinstance(e, openai.PermissionDeniedError):
        text = f"没有权限（403）：这个 key 不能用模型 {model}，请检查 OPENAI_API_KEY 和 MODEL"
    elif isinstance(e, openai.NotFoundError):
        text = f"找不到（404）：请检查 MODEL={model} 是否存在，OPENAI_BASE_URL={base_url} 是否正确"
    elif isinstance(e, openai.RateLimitError):
        text = "请求太频繁或额度用完（429）：稍等再试，或检查账户额度；自动重试的次数由 OPENAI_MAX_RETRIES 设置"
    elif isinstance(e, openai.BadRequestError) and any(w in said.lower() for w in (
            "context length", "context_length", "context window", "maximum context", "too long")):
        text = "对话太长，超出了模型的上下文长度（400）：输入 /reset 开始新对话"
    elif isinstance(e, openai.BadRequestError):
        text = f"请求被拒绝（400）：请检查 MODEL={model} 是否支持工具调用，OPENAI_BASE_URL={base_url} 是否是 OpenAI 兼容接口"
    elif isinstance(e, openai.InternalServerError):
        text = f"服务商出错（{e.status_code}）：稍后再试；自动重试的次数由 OPENAI_MAX_RETRIES 设置"
    elif isinstance(e, openai.APIStatusError) and e.status_code == 402:
        text = f"账户余额不足（402）：请给 {base_url} 的账户充值"
    elif isinstance(e, openai.APIStatusError):
        text = f"服务商返回错误（{e.status_code}）：请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}"
    elif isinstance(e, openai.APITimeoutError):
        text = f"等模型回复超时：可以调大 OPENAI_TIMEOUT，或检查 OPENAI_BASE_URL={base_url}"
    elif isinstance(e, openai.APIConnectionError):
        text = f"连不上 {base_url}：请检查 OPENAI_BASE_URL 和网络"
    else:
        text = f"服务商的回复没法用：请检查 OPENAI_BASE_URL={base_url} 和 MODEL={model}"
    return f"[错误] {text}。服务商说：{said}" if said else f"[错误] {text}。"


def provider_said(e: Exception) -> str:
    body = getattr(e, "body", None)
    if isinstance(body, dict):
        said = body.get("message") or body.get("error") or json.dumps(body, ensure_ascii=False)
    else:
        said = str(body or e) if not isinstance(e, openai.APIConnectionError) else str(e.__cause__ or "")
    return " ".join(str(said).split())[:300]  # 压成一行


# ── 入口 ─────────────────────────────────────────────────────
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
    if not key:
        fail("[错误] 没有配置 OPENAI_API_KEY。请先 cp .env.example .env，"
             "在 .env 里填好 OPENAI_API_KEY、OPENAI_BASE_URL 和 MODEL；"
             "没有 key 也可以先看离线演示：python agent.py --demo")
    if not model:
        fail("[错误] 没有配置 MODEL：请在 .env 里写上模型名，例如 MODEL=deepseek-v4-flash")
    try:
        timeout = float(settings.get("OPENAI_TIMEOUT") or 120)
        retries = int(settings.get("OPENAI_MAX_RETRIES") or 2)
    except ValueError:
        fail("[错误] OPENAI_TIMEOUT 要是秒数，OPENAI_MAX_RETRIES 要是整数，请检查 .env")
    base_url = settings.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
    # SDK 默认一次等 600 秒，交互工具等不起；重试留着应付连接失败、429 和 5xx
    client = openai.OpenAI(api_key=key, base_url=base_url, timeout=timeout, max_retries=retries)
    return client, model


def ask(question: str, messages: list, client, model: str, args) -> int:
    """跑一个问题，出错或 Ctrl-C 都变成一句话，对话保留。返回退出码。"""
    try:
        run(question, messages, client=client, model=model, max_rounds=args.max_rounds)
    except KeyboardInterrupt:
        print("\n[已中断] 这一轮停下了；对话还在，可以接着问。")
        return 130
    except (openai.APIError, ProviderError) as e:
        print(explain_error(e, str(client.base_url).rstrip("/"), model), file=sys.stderr)
        return 1
    finally:
        if args.show_messages:
            print(json.dumps(messages, ensure_ascii=False, indent=2))
    return 0 if answered(messages) else 1


def repl(client, model: str, args) -> int:
    """交互模式：对话在问题之间延续，/reset 重新开始，quit / exit / Ctrl-D / Ctrl-C 退出。"""
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
            print(question)  # 从管道读入时把问题也显示出来
        if question in ("quit", "exit"):
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

交互模式里：/reset 开始新对话；quit、exit、Ctrl-D 退出；回答途中 Ctrl-C 只停这一轮。
退出码：0 得到回答；1 达到轮次上限或接口出错；2 配置或用法错误；130 被 Ctrl-C 中断。""")
    parser.add_argument("question", nargs="?", help="只问这一个问题，答完就退出；不写则进入交互模式")
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
    parser.add_argument("--demo", action="store_true",
                        help="离线演示：用按规则回放的假模型代替真模型，不需要 key，不联网")
    args = parser.parse_args(argv)
    if args.max_rounds < 1 or not 0 < args.command_timeout < math.inf:  # nan 也通不过
        parser.error("--max-rounds 至少是 1，--command-timeout 要是大于 0 的有限秒数")
    return args


def main(argv=None) -> int:
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
    if args.question:
        return ask(args.question, new_conversation(), client, model, args)
    return repl(client, model, args)


if __name__ == "__main__":
    sys.exit(main())
