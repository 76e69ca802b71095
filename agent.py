"""s05 结果回流：工具的结果回到模型手里，由模型决定下一步。

    python agent.py                     # 交互模式，提示符“你：”
    python agent.py "这个项目用了什么技术栈？"  # 只问一个问题
    python agent.py --demo              # 离线演示：不用 key，不联网

配置写在 .env（见 .env.example），参数说明见 python agent.py -h。主循环 run() 是第一个函数；
往下是它用到的配对检查，最后是交互模式和 main()。真实世界里的护栏在 support/ 里，按名字调用。
"""

import sys
from pathlib import Path

from support.cli import Session, make_page, parse_args, question_done, start
from support.errors import API_ERRORS, explain_error, internal_error
from support.escapes import printable
from support.json_safe import safe_text
from support.launch import launch
from support.options import Options
from support.provider import to_history
from support.stats import count_model_call, count_tool_run, summary
from support.step import pause_step
from support.terminal import prepare_repl, preview, safe_console, shown_call
from tools import COMMAND_TIMEOUT, TOOLS, dispatch_tool

# ── 常量 ─────────────────────────────────────────────────────
MAX_ROUNDS = 10  # 安全阀：一个问题最多调用模型几轮
SYSTEM_PROMPT = (
    "你是一个有文件访问能力的助手，工作目录就是用户的项目。先用工具查看文件、搜索内容，再根据工具返回的证据回答；"
    "工具报错时如实说明，证据不够就说还缺什么。"
)
UNANSWERED = "（上一个问题没有答完：中途出错、被中断，或者用完了轮次。）"
INTERRUPTED = "没有结果：这次工具调用没有执行完（用户按了 Ctrl-C 或程序出错），或者执行了、结果却没有追加进 messages。"


# ── 主循环 ───────────────────────────────────────────────────
def run(
    user_message: str, messages: list | None = None, *, client, model: str, max_rounds=MAX_ROUNDS, options=Options()
) -> list:
    """回答一个问题，返回 messages（下一个问题接着用）。最多 max_rounds 轮，跑满就警告。

    1. 把问题追加到 messages（新对话先放 system 规则；上个问题中断留下的缺口先补好）
    2. 带着完整历史和工具说明调用模型
    3. 模型没调工具 → 打印最终回复，结束
    4. 模型调了工具 → 逐个执行，每个结果配对一条 role=tool 消息追加回去，回到 2
    """
    messages = new_conversation() if messages is None else messages
    messages.append({"role": "user", "content": user_message})
    check_pairing(messages)  # 上个问题中途出错、被中断留下的缺口：补好，说一声
    stats = {"model_calls": 0, "tool_runs": 0}

    for round_num in range(1, max_rounds + 1):
        print(f"\n{'=' * 40} 第 {round_num} 轮 {'=' * 40}")
        if options.step:  # --step：调用模型前停一下，看 messages 新增了什么
            pause_step(round_num, messages, model, TOOLS, stats)
        if not ready_to_send(messages):  # 宿主检查：每个 tool_call 都有配对的结果，不对就不发
            break

        response = client.chat.completions.create(
            model=model,
            messages=messages,
            tools=TOOLS,
            tool_choice="auto",  # 默认值，但有的本地服务不写就不调工具
        )
        count_model_call(stats, response)
        msg = to_history(response, messages)  # 查形状，变成各家服务商都收的 assistant 消息
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
            print(f"  [调用工具] {shown_call(func_name, func_args)}")  # 模型发来的原样，太长只显示开头
            result = dispatch_tool(func_name, func_args, options)
            tool_done(result, stats)  # 打印 [工具结果]，数一次执行

            messages.append({
                "role": "tool",
                "tool_call_id": tc["id"],
                "content": result,
            })  # fmt: skip
    else:
        print(f"\n[警告] 达到最大轮次 {max_rounds}，停止执行。任务可能还没有完成。")

    print(summary(stats, len(messages)))
    return messages


# ── run() 用到的规矩 ─────────────────────────────────────────
def new_conversation(notes: str = "") -> list:
    """新对话先放 system 规则；notes：工作目录里 AGENTS.md 写给 agent 的说明（项目的规矩也要进请求，模型才知道）。"""
    return [{"role": "system", "content": SYSTEM_PROMPT + notes}]


def check_pairing(messages: list) -> int:
    """问题开始前检查历史的配对，就地修好，打印一行 [修复]，返回修了几处
    （配不上对是上个问题中途 Ctrl-C、出错，或者改过的 run() 漏了结果留下的）：
    - 每个 tool_call 紧跟着恰好一条结果：缺的补“已中断”，重复的、对不上号的删掉；
    - user 紧跟在 user 或 tool 后面时（上个问题没答完），中间补一条说明没答完的 assistant
      （Gemma、Mistral 等要求 user / assistant 交替）。不修的话，之后每次请求都会被服务商拒绝。
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
        if m.get("role") == "user" and fixed and fixed[-1].get("role") in ("user", "tool"):
            fixed.append({"role": "assistant", "content": UNANSWERED})
            added += 1
        fixed.append(m)
        for tc in m.get("tool_calls") or []:
            result = results.pop(tc["id"], None)
            if result is None:
                result = {"role": "tool", "tool_call_id": tc["id"], "content": INTERRUPTED}
                added += 1
            fixed.append(result)
    repaired = len(messages) + 2 * added - len(fixed)  # 补上的，加上删掉的（重复的、对不上号的结果）
    messages[:] = fixed
    if repaired:
        print(f"  [修复] 上一个问题没有正常结束，历史里有 {repaired} 处不完整，已补好。")
    return repaired


def tool_done(result: str, stats: dict) -> None:
    """一次工具调用做完了：屏幕上打印 [工具结果]（太长只显示开头），真正执行了才算进“工具执行”
    （参数不对、命令没批准的另记）。"""
    print(f"  [工具结果] {preview(result)}")
    count_tool_run(stats, result)


def ready_to_send(messages: list) -> bool:
    """每次调用模型前，宿主检查这次请求（第三篇讲义：“检查消息配对完整，再进入下一轮”）：每个 tool_call
    后面都有 id 相同的一条 role:"tool" 结果，每条结果都回答它前面的调用，tool 后面不直接跟 user。
    上个问题的缺口 check_pairing 已补好，这时再出问题只能是宿主的代码错了（比如删了追加结果的几行）：不修，不发出。"""
    problems, pending, last = [], [], None
    for m in messages:
        if m.get("role") == "tool":
            if m.get("tool_call_id") not in pending:
                problems.append(f'{m.get("tool_call_id")} 这条 role:"tool" 结果前面没有对应的调用')
            else:
                pending.remove(m["tool_call_id"])
        else:
            problems += [f'{call_id} 没有对应的 role:"tool" 结果' for call_id in pending]
            pending = [tc["id"] for tc in m.get("tool_calls") or []]
            if m.get("role") == "user" and last == "tool":
                problems.append('role:"tool" 结果后面直接跟着 user 消息')
        last = m.get("role")
    problems += [f'{call_id} 没有对应的 role:"tool" 结果' for call_id in pending]
    if problems:
        more = f"（还有 {len(problems) - 1} 处）" if len(problems) > 1 else ""
        print(f"\n[宿主拦截] {printable(problems[0])}{more}，这次请求没有发出。")
    return not problems


# ── 交互模式和命令行 ─────────────────────────────────────────
def ask(question: str, messages: list, s: Session) -> int:
    """跑一个问题，出错或 Ctrl-C 都变成一句话，对话保留。返回退出码。s：这次运行（support/cli.py 的 Session）。"""
    code, returned = 1, False
    try:
        run(safe_text(question), messages, client=s.client, model=s.model, max_rounds=s.max_rounds, options=s.options)
        code = 0 if messages[-1].get("role") == "assistant" and not messages[-1].get("tool_calls") else 1  # 答完了
        returned = True
    except KeyboardInterrupt:
        print("\n[已中断] " + ("问题没有答完，程序结束。" if s.one_shot else "这一轮停下了；对话还在，可以接着问。"))
        code = 130
    except API_ERRORS as e:  # 服务商或网络的问题：一句话说该改哪个设置
        print(explain_error(e, s.client, s.model), file=sys.stderr)
    except BrokenPipeError:
        raise  # 输出的管道被关了（比如 | head），不是 bug：交给入口安静地结束
    except Exception as e:  # 真正的 bug 也只打印一句，不丢对话
        print(internal_error(e, s.client), file=sys.stderr)
    finally:  # 信号让程序结束时也走这里
        question_done(s, messages, returned)  # --show-messages 打印历史；--record 记下最后一轮的结果
    return code


def repl(session: Session) -> int:
    """交互模式：对话在问题之间延续，/reset 重新开始，quit / exit / Ctrl-D / Ctrl-C 退出。"""
    prepare_repl(session.model, session.intro)  # 检查 stdin / stdout，打印开场白（离线演示还列出它认得的问题）
    messages = session.history or new_conversation(session.notes)  # --resume：接着录下的对话
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
            messages = new_conversation(session.notes)
            print("[已重置] 开始新的对话。")
        elif question:
            ask(question, messages, session)


def main(argv=None) -> int:
    safe_console()  # 终端显示不了的字符换成替代字符，打印永不出错
    args = parse_args(argv, MAX_ROUNDS, COMMAND_TIMEOUT)
    if args.page:  # --page：只把录音做成网页，不调用模型，不用 key
        return make_page(args.page)
    session = start(args, Path(__file__).parent, TOOLS, MAX_ROUNDS)  # 读 .env 建客户端（或演示、录音），进入工作目录
    if session.replayer:  # --replay：按录音里的顺序把问题再问一遍
        return session.replayer.replay(lambda q, m: ask(q, m, session), lambda: new_conversation(session.notes))
    if args.question:
        return ask(args.question, session.history or new_conversation(session.notes), session)
    return repl(session)


if __name__ == "__main__":
    launch(main)  # 以 main() 的返回值退出；管道被关了、磁盘满了也只说一句（support/launch.py）
