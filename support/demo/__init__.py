"""离线演示（可选）：按固定规则、只看请求回答的假模型，不用 key、不联网（python agent.py --demo）。

课程不用它也能跑：它装成 API 客户端交给 run()，run() 分不出真假；只有 support/cli.py 加载这里。
流水线见 model.py：checks → facts → question → 计划（project、shell、stock）→ words。
"""
