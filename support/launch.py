"""python agent.py 怎样开始、怎样结束：main() 之外的几件事，都不是课程的内容。

- 启动（import SDK 要几百毫秒）时按 Ctrl-C：不出 traceback，以退出码 130 结束。这一条在 support/__init__.py 里：
  agent.py 导入 support 的任何模块，它都最先执行。
- launch(main)：启动完了，Ctrl-C 交给 ask()、repl() 接住；SIGTERM、SIGHUP 这些信号一句话结束（128 + 信号）；
  Linux 上同一用户跑的命令读不了本进程的内存（里面有 key）；
  main() 之外的结束各一句话：管道被关了（| head）安静地结束，磁盘满了、内存不够打印一行。
"""

import contextlib
import os
import signal
import sys

from support.errors import internal_error
from support.processes import protect_memory
from support.signals import ENDING, Ended, ending_handled


def launch(main) -> None:
    """运行 main()，以它的返回值作为退出码结束。"""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        ending_handled()  # SIGTERM、SIGHUP（关掉终端）……：一句话，退出码 128 + 信号
        protect_memory()
        sys.exit(main())
    except KeyboardInterrupt:  # 还没进入问答（比如正在读配置）就按了 Ctrl-C
        sys.exit(130)
    except Ended as e:  # 等模型回复、在提示符处收到的（命令、编辑器运行时收到的，在那里说过了）
        hold_endings()  # 解释器退出时把处理函数换回默认的：这时再来一个信号，就会被它结束，退出码也变了
        with contextlib.suppress(OSError, ValueError):  # 终端可能已经关了
            print(f"\n[已退出] 收到 {signal.Signals(e.signum).name}：程序结束。", file=sys.stderr)
        sys.exit(e.code)
    except BrokenPipeError:  # 读输出的一方先走了（| head）：安静地结束
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except (OSError, MemoryError) as e:  # 输出写不进去（比如磁盘满了）、内存不够（读一段太大的录音）：一句话
        sys.exit(print(internal_error(e), file=sys.stderr) or 1)


def hold_endings() -> None:
    """已经在结束了：Ctrl-C 和 ENDING_SIGNALS 都挡住，再来的留着不处理，进程以第一个信号的退出码结束。"""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *ENDING})
