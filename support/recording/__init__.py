"""录音（可选）：--record 边跑边写一次运行，--replay 离线重放它，--resume 接着它问，--page 把它做成网页。
课程不用它也能跑：agent.py 的 run() 只在 Options.recording 上说一声“这个工具执行完了”；只有 support/cli.py 加载这里。
"""

from support.recording.page import write_page
from support.recording.replay import Replayer
from support.recording.resume import keep_run

__all__ = ["Replayer", "keep_run", "write_page"]
