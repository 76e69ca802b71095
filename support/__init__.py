"""让 agent.py 和 tools.py 在真实世界里站得住的部分：一个模块管一件事，课程按名字调用，读课程时可以跳过。

依赖只往下走：agent.py、tools.py → cli.py → 两个可选的包 demo/（离线演示）、recording/（录音）→ 其余的护栏；
support 里的模块不导入 agent 或 tools。两个可选的包只由 cli.py 在用到时加载。每个模块管什么见 README.md。
"""

import os
import signal
import sys

if getattr(sys.modules.get("__main__"), "__file__", "").endswith("agent.py"):  # python agent.py：还在 import
    signal.signal(signal.SIGINT, lambda signum, frame: os._exit(130))  # 时按 Ctrl-C，不出 traceback，退出码 130
