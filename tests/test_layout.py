"""代码的布局：课程是上面两个文件，护栏在 support/ 里，依赖只有一个方向；离线演示和录音是两个可选的包。"""

import ast
from collections import Counter

import pytest
from conftest import ROOT

LESSON = {"agent": ROOT / "agent.py", "tools": ROOT / "tools.py"}


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SUPPORT = {module_name(p): p for p in sorted((ROOT / "support").rglob("*.py")) if module_name(p) != "support"}
MODULES = {**LESSON, **SUPPORT}
OPTIONAL = ("support.demo", "support.recording")  # 两种可选的模式：只从 support/cli.py 加载
# 上限：课程文件读起来要舒服（agent.py 250 行、tools.py 300 行、别的模块 350 行），再给练习加的几行留出地方——
# 学习者在 run() 里加一行 print、把章节的 read_file 贴进 tools.py，测试不该因此失败。交出去的文件多大，是评审的事。
MAX_LINES = {"agent": 250, "tools": 300}
ROOM = 50


def tree(name):
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def imported(node):
    """一个 import 语句导入的项目模块（agent、tools、support.*）。"""
    if isinstance(node, ast.Import):
        found = {alias.name for alias in node.names}
    elif isinstance(node, ast.ImportFrom) and node.module:
        found = {node.module} | {
            f"{node.module}.{alias.name}" for alias in node.names
        }  # from support.demo import model
    else:
        return set()
    return found & set(MODULES)


def imports(name):
    return {m for node in ast.walk(tree(name)) for m in imported(node)}


def inside(package, name):
    return name == package or name.startswith(package + ".")


def test_the_layout_finds_the_packages():
    assert {"support.demo", "support.demo.model", "support.recording", "support.recording.replay"} <= set(SUPPORT)
    assert not list((ROOT / "support").glob("demo_*.py")) and not (ROOT / "support" / "record.py").exists()


@pytest.mark.parametrize("name", MODULES)
def test_each_module_is_a_comfortable_read(name):
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES.get(name, 350) + ROOM, f"{name} 有 {lines} 行"


@pytest.mark.parametrize("name", SUPPORT)
def test_support_never_imports_the_lesson(name):
    assert not imports(name) & set(LESSON)


@pytest.mark.parametrize("name", MODULES)
def test_only_the_command_line_loads_the_optional_modes(name):
    """离线演示和录音只从 support/cli.py 加载（包里的模块互相导入不算）：课程和护栏不用它们也完整。"""
    for package in OPTIONAL:
        if name != "support.cli" and not inside(package, name):
            assert not {m for m in imports(name) if inside(package, m)}, f"{name} 导入了 {package}"


@pytest.mark.parametrize("name", MODULES)
def test_nothing_imports_inside_a_function_but_the_optional_modes(name):
    """导入都写在文件开头，读的人一眼看到依赖；只有两种可选的模式在用到时才加载。"""
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.FunctionDef):
            for inner in ast.walk(node):
                for module in imported(inner):
                    assert name == "support.cli" and module.startswith(OPTIONAL), f"{name} 在函数里导入了 {module}"


@pytest.mark.parametrize("name", ["support.workspace", "support.search", "support.json_safe", "support.escapes"])
def test_the_file_boundary_does_not_use_the_screen(name):
    """文件工具的护栏交出文字，不碰屏幕：转义看不见的字符在 support/escapes.py。"""
    assert not imports(name) & {"support.terminal", "support.step", "support.cli"}


def test_no_two_modules_define_a_public_function_of_the_same_name():
    """同一个模块里定义两次（学习者把章节的 read_file 贴在了后面）不算：启动时那一行 [注意] 说用的是哪一个。"""
    names = Counter(
        node_name
        for name in MODULES
        for node_name in {
            node.name
            for node in tree(name).body
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_")
        }
    )
    assert not [n for n, count in names.items() if count > 1]


def test_benchmarks_do_not_import_the_tests():
    for path in (ROOT / "bench").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert '"tests"' not in text and "from test_" not in text and "import conftest" not in text, path.name


def test_imports_have_no_cycle():
    order, visiting = [], set()

    def visit(name, path):
        assert name not in visiting, "导入形成了环：" + " → ".join([*path, name])
        if name in order:
            return
        visiting.add(name)
        for other in sorted(imports(name) - {name}):
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


@pytest.mark.parametrize("name", ["README.md", "README.en.md"])
def test_the_front_door_stays_under_16_kb(name):
    """README 是学习者的大门：两条命令、课程、链接；细节在 docs/ 里。"""
    assert len((ROOT / name).read_bytes()) < 16_000
