"""离线演示（可选）：按固定规则、只看工具结果回答的假模型，不用 key、不联网（python agent.py --demo）。
课程不用它也能跑：它装成 API 客户端交给 run()，run() 分不出真假；只有 support/cli.py 加载这里。
"""

from support.demo.model import demo_client
from support.demo.texts import DEMO_INTRO

__all__ = ["DEMO_INTRO", "demo_client"]
