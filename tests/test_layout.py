"""代码的布局：课程是上面两个文件，护栏在 support/ 里，依赖只有一个方向。"""

import ast

import pytest
from conftest import ROOT

LESSON = {"agent": ROOT / "agent.py", "tools": ROOT / "tools.py"}
SUPPORT = {f"support.{p.stem}": p for p in sorted((ROOT / "support").glob("*.py")) if p.stem != "__init__"}
MODULES = {**LESSON, **SUPPORT}
MAX_LINES = {"agent": 250, "tools": 300}  # support 里的每个模块最多 350 行


def tree(name):
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def imports(name):
    """这个模块导入的项目模块（agent、tools、support.*）。"""
    found = set()
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}  # from support import demo_model
    return found & set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_each_module_is_a_comfortable_read(name):
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES.get(name, 350), f"{name} 有 {lines} 行"


@pytest.mark.parametrize("name", SUPPORT)
def test_support_never_imports_the_lesson(name):
    assert not imports(name) & set(LESSON)


def test_imports_have_no_cycle():
    order, visiting = [], set()

    def visit(name, path):
        assert name not in visiting, "导入形成了环：" + " → ".join([*path, name])
        if name in order:
            return
        visiting.add(name)
        for other in sorted(imports(name)):
            visit(other, [*path, name])
        visiting.discard(name)
        order.append(name)

    for name in MODULES:
        visit(name, [])


@pytest.mark.parametrize("name", MODULES)
def test_no_module_writes_another_modules_globals(name):
    """设置靠参数传（Options），不写进别的模块的全局变量，也不用 global。"""
    module = tree(name)
    aliases = {
        alias.asname or alias.name for node in ast.walk(module) if isinstance(node, ast.Import) for alias in node.names
    }
    aliases |= {
        alias.asname or alias.name
        for node in ast.walk(module)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if f"{node.module}.{alias.name}" in MODULES
    }
    for node in ast.walk(module):
        assert not isinstance(node, ast.Global), f"{name} 第 {node.lineno} 行用了 global"
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                assert target.value.id not in aliases, f"{name} 第 {node.lineno} 行改了 {target.value.id} 的全局变量"
