"""让 agent.py 和 tools.py 在真实世界里站得住的部分：一个模块管一件事。

课程只在上面两个文件里；这里的函数由它们按名字调用，名字说明它守着什么，读课程时可以跳过。
依赖只有一个方向：agent.py、tools.py → support；support 里的模块不导入 agent 或 tools。
"""
