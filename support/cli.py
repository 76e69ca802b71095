"""命令行：参数（parse_args），由它们算出的这次运行的设置（start），和每种模式的客户端。

两种可选的模式只从这里加载：离线演示（support/demo）和录音（support/recording）。不用它们时，一行也不加载。
"""

import argparse
import json
import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from support.config import connect, enter_workdir, kept_back, scratch_copy
from support.escapes import printable
from support.instructions import project_notes
from support.options import Options
from support.redefined import redefined_tools
from support.secrets import mask_screen, secrets_of
from support.signals import interrupts_held
from support.terminal import Waiting, fail


@dataclass(frozen=True)
class Session:
    """这次运行：start() 从命令行算出来、交给 ask() 和 repl() 的一切。args 本身不改。"""

    client: object  # 真服务商的 openai.OpenAI、离线演示的假模型或放录音的 Replayer；--record 时外面包着 Recorder
    model: str
    options: Options  # 交给 run() 和工具的设置
    max_rounds: int  # 一个问题最多调用模型几轮
    one_shot: bool = False  # 只问一个问题（命令行上的，或者录音里只录了一个）：Ctrl-C 时程序结束
    show_messages: bool = False  # --show-messages
    history: list | None = None  # --resume：接着问的 messages
    intro: str = ""  # 交互模式的开场白里多说的：离线演示认得哪些问题
    replayer: object = None  # --replay 的 Replayer：按录音里的顺序把问题再问一遍
    notes: str = ""  # 工作目录里 AGENTS.md 写给 agent 的说明：新对话的 system 规则后面加上它
    recording: object = None  # --record / --resume 的 Recorder、--replay 的 Replayer：问题结束时看一眼 messages


def start(args, app_dir: Path, tools: list, max_rounds: int) -> Session:
    """读配置、建客户端（真服务商、离线演示，或者放录音），接上 --record / --resume，进入工作目录（-C）。
    录音文件在进入工作目录之前打开：路径相对于启动时所在的目录。max_rounds 是 agent.MAX_ROUNDS。"""
    replayer, intro, history, workdir = None, "", None, args.workdir
    rounds = args.max_rounds or max_rounds
    for line in redefined_tools(app_dir / "tools.py") if sys.stderr and sys.stderr.isatty() else []:
        print(line, file=sys.stderr)  # 贴在表后面的章节代码用不上：终端上说一句（管道里的输出不多这一行）
    if args.replay:  # 回复来自录音：不读配置、不用 key
        from support.recording import Replayer

        client = replayer = Replayer(args.replay)
        model, env_files = replayer.model, kept_back(app_dir, Path.cwd())  # 不读 .env，也照样不许文件工具读它
        rounds = args.max_rounds or replayer.max_rounds(max_rounds)  # 没写 --max-rounds：也不超过录制时的上限
    elif args.demo:  # 按规则回放的假模型：不读配置、不用 key、不联网
        from support.demo.model import demo_client
        from support.demo.words import DEMO_INTRO

        pairing = os.environ.get("DEMO_PAIRING", "")  # 实验：position 像只看位置的聊天模板那样配对结果
        if pairing not in ("", "id", "position"):
            fail(
                "[配置错误] DEMO_PAIRING 只认 position（按位置配对）或 id（默认，按 tool_call_id）："
                f"收到 “{printable(pairing)}”"
            )
        by_position = pairing == "position"
        client, model, intro = demo_client(by_position), "offline-demo", DEMO_INTRO
        env_files = kept_back(app_dir, Path.cwd())  # 不读 .env，也照样不许文件工具读它
        example = app_dir / "examples" / "my-project"
        if not workdir and Path.cwd().resolve() == app_dir.resolve() and example.is_dir():
            workdir = scratch_copy(example)  # 在仓库里、没写 -C：在示例项目的临时副本里跑，建文件、跑命令都不改动仓库
            print(SCRATCH)
    else:
        client, model, env_files = connect(app_dir)
        mask_screen(secrets_of(client.api_key, client.base_url))  # 工具结果里读到了 key 也不上屏幕；模型收到的不变
    if args.record or args.resume:  # 边跑边写进录音；--resume 还接着录下的对话问
        from support.recording import keep_run

        where = Path(workdir or ".").resolve()
        mode = "question" if args.question else "repl"
        limit = (rounds, "--max-rounds" if args.max_rounds else "MAX_ROUNDS")  # 网页上说停在哪条线时要点名
        client, history = keep_run(client, model, tools, limit, mode, where, record=args.record, resume=args.resume)
    env_files |= enter_workdir(workdir)  # 工作目录里的 .env 也不许文件工具读（包括它的硬链接）
    notes = project_notes(env_files)
    if notes:
        intro += "\n[说明] 工作目录里的 AGENTS.md 加在了 system 规则后面：模型每一轮都看得到它。"
    options = Options(
        auto_approve=args.yes,
        command_timeout=args.command_timeout,
        step=args.step,
        env_files=env_files,
    )
    one_shot = bool(args.question) or bool(replayer and replayer.one_question())
    recording = replayer or (client if args.record or args.resume else None)
    client = Waiting(client)  # 等模型回复时终端上显示等了几秒
    return Session(
        client, model, options, rounds, one_shot, args.show_messages, history, intro, replayer, notes, recording
    )


def question_done(s: Session, messages: list, returned: bool) -> None:
    """一个问题结束了（returned：run() 正常返回了；出错、Ctrl-C、信号时是 False）：--show-messages 打印完整的历史；
    录音和回放看一眼最后一轮：它的工具结果没有再送出去，录音要记下，回放要和录下的比（其余几轮的在下一次请求里）。"""
    if s.show_messages:
        print(printable(json.dumps(messages, ensure_ascii=False, indent=2)))
    if s.recording:
        s.recording.question_done(messages, returned)


def make_page(path: str) -> int:
    """--page：只把录音做成网页，不调用模型，不用 key。"""
    from support.recording import write_page

    return write_page(path)


SCRATCH = (
    "[说明] 在仓库里、没写 -C：离线演示在 examples/my-project 的一份临时副本里跑，改动不会留下；看别的目录加 -C 目录。"
)


# ── 命令行参数 ───────────────────────────────────────────────
EPILOG = """配置（写在 .env 里，见 .env.example；环境变量优先）：
  OPENAI_API_KEY      服务商的 API key
  OPENAI_BASE_URL     OpenAI 兼容接口地址，例如 https://api.deepseek.com
  MODEL               模型名，例如 deepseek-v4-flash
  OPENAI_TIMEOUT      一个回复最多等的秒数（含重试），默认 120
  OPENAI_MAX_RETRIES  连接失败、429、5xx 时的重试次数，默认 2

交互模式里：/reset 开始新对话；quit、exit、Ctrl-D、在提示符处按 Ctrl-C 都会退出；回答途中 Ctrl-C 只停这一轮。
退出码：0 得到回答；1 达到轮次上限或接口出错；2 配置或用法错误；130 被 Ctrl-C 中断（--step 里按 q 也是）。"""


def parse_args(argv, max_rounds: int, command_timeout: float) -> argparse.Namespace:
    """读命令行参数、查用法，之后不再改它。max_rounds、command_timeout 是写在 -h 里的默认值
    （agent.MAX_ROUNDS、tools.COMMAND_TIMEOUT）；没写 --max-rounds 时 args.max_rounds 是 None。"""
    parser = argparse.ArgumentParser(
        description="s05 结果回流：一个会多轮调用工具的最小 Agent。",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EPILOG,
    )
    parser.add_argument(
        "question", nargs="*", help="只问这一个问题，答完就退出（几个词会连成一句）；不写则进入交互模式"
    )
    parser.add_argument(
        "--max-rounds",
        type=int,
        metavar="N",
        help=f"一个问题最多调用模型几轮（默认 MAX_ROUNDS={max_rounds}）",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="run_command 的命令不再逐条询问，直接执行")
    parser.add_argument(
        "--command-timeout",
        type=float,
        default=command_timeout,
        metavar="秒",
        help=f"run_command 的命令最多跑多久，超时连同子进程一起结束（默认 {command_timeout}）",
    )
    parser.add_argument(
        "-C",
        "--workdir",
        metavar="DIR",
        help="工作目录：文件工具只能访问这个目录里的文件，命令也在这里运行（默认当前目录；"
        "在仓库目录里用 --demo 又不写 -C 时，是 examples/my-project 的一份临时副本）",
    )
    parser.add_argument("--show-messages", action="store_true", help="每个问题结束后打印完整的 messages 列表（JSON）")
    parser.add_argument(
        "--step", action="store_true", help="单步：每次调用模型前打印 messages 新增了哪些消息，在终端上等回车（q 停下）"
    )
    parser.add_argument(
        "--demo", action="store_true", help="离线演示：用按规则回放的假模型代替真模型，不需要 key，不联网"
    )
    parser.add_argument(
        "--record", metavar="FILE", help="把这次运行边跑边写进 FILE（JSON Lines）：请求、回复、每次工具执行、token 用量"
    )
    parser.add_argument(
        "--replay",
        metavar="FILE",
        help="离线重放录下的运行：回复来自录音，不用 key、不联网；工具重新执行，结果和录下的不同就说出来",
    )
    parser.add_argument("--resume", metavar="FILE", help="接着录下的对话问下去；新的记录写进 FILE（或 --record NEW）")
    parser.add_argument("--page", metavar="FILE", help="把录音 FILE 做成一个网页（FILE 旁边的 .html），不调用模型")
    with interrupts_held():  # argparse 收尾时被 Ctrl-C 打断会抛 AttributeError：等它解析完再算 Ctrl-C
        args = parser.parse_intermixed_args(argv)
    for flag in ("record", "replay", "resume", "page"):  # --replay "$F" 而 F 是空的：不能悄悄当成没写
        if getattr(args, flag) is not None and not getattr(args, flag).strip():
            parser.error(f"--{flag} 后面要写文件的路径，这里是空的")
    if args.replay and (args.record or args.resume or args.demo or args.question):
        parser.error("--replay 不和 --record、--resume、--demo、问题一起用：问题和回复都来自录音")
    if args.page and (args.record or args.resume or args.replay or args.question):
        parser.error("--page 只把录音做成网页，不和问题、--record、--resume、--replay 一起用")
    if args.question and not " ".join(args.question).strip():  # python agent.py "" 不是交互模式，是漏了问题
        fail('[错误] 问题是空的：请写上问题，比如 python agent.py "这个项目是做什么的？"；不写问题就进入交互模式')
    args.question = " ".join(args.question).strip()
    args.workdir = os.path.expanduser(args.workdir) if args.workdir else args.workdir  # PowerShell 不替你展开 ~
    if args.max_rounds is not None and args.max_rounds < 1:  # 没写就是 None：start() 再定（--replay 时看录音）
        parser.error("--max-rounds 至少是 1")
    if not 0 < args.command_timeout < math.inf:  # nan 也通不过
        parser.error("--command-timeout 要是大于 0 的有限秒数")
    return args
