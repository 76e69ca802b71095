"""tools.py 里同一个工具定义了两次、后一个写在 TOOL_REGISTRY 后面（比如把章节的 read_file 贴在了文件末尾）：
启动时说一句用的是哪一个、为什么。

Python 不报错：后一个 def 顶替前一个的名字。但 TOOL_REGISTRY = {...} 建表时拿到的是它前面最后定义的那个，
写在表后面的定义，工具调用用不上。写在表前面的顶替了前面的，正是学习者要的，不说。
这里只读 tools.py 的源码（不导入它），一个工具一句话。
"""

import ast
from pathlib import Path


def redefined_tools(tools_py: Path) -> list:
    """每个在 tools.py 顶层定义了不止一次、又在 TOOL_REGISTRY 里的工具，一句话；读不了、解析不了就什么也不说。"""
    try:
        tree = ast.parse(tools_py.read_text(encoding="utf-8-sig"))  # 有的编辑器存 UTF-8 时在开头加 BOM
    except (OSError, SyntaxError, ValueError):
        return []
    registry = next((node for node in tree.body if assigns_registry(node)), None)
    value = registry.value if registry else None
    if isinstance(value, ast.Dict):  # {"read_file": read_file, …}
        names = {v.id for v in value.values if isinstance(v, ast.Name)}
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict":  # dict(…)
        names = {k.value.id for k in value.keywords if isinstance(k.value, ast.Name)}
    else:
        return []
    lines = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in names:
            lines.setdefault(node.name, []).append(node.lineno)
    return [line for name, at in lines.items() if len(at) > 1 and (line := said(name, at, registry.lineno))]


def assigns_registry(node) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return any(isinstance(t, ast.Name) and t.id == "TOOL_REGISTRY" for t in targets)


def said(name: str, at: list, registry: int) -> str:
    """后定义的写在 TOOL_REGISTRY 前面：它顶替了前面的，就是学习者要的，不用说。写在后面：用不上，说一句。"""
    before, later = [n for n in at if n < registry], [n for n in at if n > registry]
    if not before or not later:  # 没有写在表后面的；或者表建在所有定义前面（导入 tools.py 时就出错了，到不了这里）
        return ""
    return (
        f"[注意] tools.py 里 {name} 定义了 {len(at)} 次（第 {'、'.join(map(str, at))} 行）："
        f"工具调用用的是第 {before[-1]} 行的"
        f"（TOOL_REGISTRY 在第 {registry} 行建表，那时第 {later[-1]} 行的还没有定义）。"
        f"要用第 {later[-1]} 行的，就把它挪到 TOOL_REGISTRY 前面（第 {before[-1]} 行的可以删掉）。"
    )
