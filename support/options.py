"""交给 run() 和工具的设置。单独一个模块：只 import tools 的程序（基准、测试）不会因为它加载 SDK。"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    """命令行决定的设置：support/cli.py 的 start() 建好，传给 run()，run() 再传给 dispatch_tool 和工具。"""

    auto_approve: bool = False  # --yes：run_command 不再逐条询问
    command_timeout: float | None = None  # --command-timeout；None 就用 tools.COMMAND_TIMEOUT
    step: bool = False  # --step：每次调用模型前停一下，看 messages 新增了什么
    env_files: frozenset = frozenset()  # 读过的 .env 的 (st_dev, st_ino)：它的硬链接也不许文件工具读
