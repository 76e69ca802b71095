"""录音（可选）：--record 边跑边写一次运行，--replay 离线重放它，--resume 接着它问，--page 把它做成网页。
课程不用它也能跑，run() 也不用为它多做什么：它包着客户端，看得到每次请求（里面有上一轮的工具结果）和回复；
问题结束时 support/cli.py 的 question_done() 交来 messages（最后一轮的结果）。只有 support/cli.py 加载这里。
"""

from support.recording.page import write_page
from support.recording.replay import Replayer
from support.recording.resume import keep_run

__all__ = ["Replayer", "keep_run", "write_page"]
