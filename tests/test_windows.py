"""Windows 上测试也跑得起来（这里没有 Windows，在 Linux 上模拟）：

- 导入每个模块、收集每个测试时，不碰 POSIX 才有的名字：子进程里先删掉这些名字，再导入、收集；
- 静态检查：每个用到 POSIX 才有的名字的地方，都在一个“守卫”里（见 guard_of），列出没有守卫的。

守卫是：
- if / 条件表达式 / and 里先问了平台：os.name、sys.platform、hasattr(...)、PROC_TREE、os.path.exists("/proc…")；
- try 里，except 接得住 ImportError / AttributeError（名字不存在时）；读 /proc、/dev 的，接得住 OSError；
- 测试（或它的类、它的模块 pytestmark）标了 posix_only，或 skipif 的条件先问了平台；
- 函数体只在调用时才跑：程序（agent.py、tools.py、support/）里的算运行时，只列出，不算问题；
  测试文件里的帮手函数、fixture 不算问题，但用到它的测试也要有守卫（一层层往上找）。
"""

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

# Windows 的 CPython 上没有的名字（模块 → 属性）
MISSING = {
    "os": {
        "fork", "forkpty", "setsid", "setpgid", "setpgrp", "getpgid", "getpgrp", "getsid", "killpg", "mkfifo",
        "mknod", "geteuid", "getuid", "getegid", "getgid", "setuid", "setgid", "seteuid", "setegid", "getgroups",
        "initgroups", "waitid", "wait", "wait3", "wait4", "WNOHANG", "WNOWAIT", "WEXITED", "WSTOPPED", "WUNTRACED",
        "WCONTINUED", "P_ALL", "P_PID", "P_PGID", "WIFSIGNALED", "WTERMSIG", "WIFSTOPPED", "WSTOPSIG", "WIFEXITED",
        "WEXITSTATUS", "WIFCONTINUED", "WCOREDUMP", "sched_getaffinity", "sched_setaffinity", "sysconf", "fpathconf",
        "pathconf", "statvfs", "fstatvfs", "uname", "getloadavg", "openpty", "ttyname", "ctermid", "tcgetpgrp",
        "tcsetpgrp", "nice", "getpriority", "setpriority", "chown", "lchown", "fchown", "chroot", "sync", "pipe2",
        "O_NOFOLLOW", "O_DIRECTORY", "O_NONBLOCK", "O_CLOEXEC", "O_NOCTTY", "O_SYNC", "O_DSYNC", "EX_OK",
        "register_at_fork", "memfd_create", "eventfd", "pidfd_open",  # sendfile、posix_spawn：标准库导入时就选好了
    },
    "signal": {
        "SIGKILL", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGTSTP", "SIGCONT", "SIGSTOP", "SIGCHLD",
        "SIGPIPE", "SIGTTIN", "SIGTTOU", "SIGWINCH", "SIGBUS", "SIGTRAP", "SIGXCPU", "SIGXFSZ", "SIGVTALRM",
        "SIGPROF", "SIGIO", "SIGURG", "SIGSYS", "alarm", "pause", "setitimer", "getitimer", "ITIMER_REAL",
        "ITIMER_VIRTUAL", "ITIMER_PROF", "siginterrupt", "pthread_kill", "pthread_sigmask", "sigpending", "sigwait",
        "sigwaitinfo", "sigtimedwait", "SIG_BLOCK", "SIG_UNBLOCK", "SIG_SETMASK",
    },
    "select": {"poll", "POLLIN", "POLLOUT", "POLLERR", "POLLHUP", "POLLPRI", "POLLNVAL", "epoll", "kqueue"},
    "socket": {"AF_UNIX", "sethostname", "if_nameindex"},
    "time": {"tzset", "clock_settime", "pthread_getcpuclockid"},
}  # fmt: skip
MISSING_MODULES = {"resource", "fcntl", "termios", "pty", "tty", "readline", "grp", "pwd", "posix", "crypt", "syslog"}
# Windows 上有、但意思不一样的：os.kill 是 TerminateProcess（信号 0 是 Ctrl-C），send_signal 只认 SIGTERM 和 CTRL_*；
# Popen 的 preexec_fn、pass_fds 在 Windows 上报错
DIFFERENT = {"os": {"kill"}}
DIFFERENT_METHODS = {"send_signal"}
DIFFERENT_KEYWORDS = {"preexec_fn", "pass_fds"}
LINUX_FLAGS = {"PROC_TREE", "CHILD_LISTS"}  # support.processes 里问平台的常数：别的模块 import 来用
PATH_CHECKS = ("os.path.exists", "os.path.isdir", "os.path.isfile")  # 问这个路径在不在：也是问平台
POSIX_PATH = re.compile(r"^/(proc|dev)(/\S*)?$")  # Windows 上没有的路径

# 子进程：先导入 pytest 和第三方的包（它们在 Windows 上自己走 Windows 的路），再删掉 POSIX 才有的名字，
# 让 import resource、fcntl……报 ImportError；然后导入我们的每个模块，收集每个测试（只收集，不跑）
WINDOWS_LIKE = r"""
import importlib, importlib.abc, json, sys
missing, modules, root, modules_of_ours = json.loads(sys.argv[1])
import dotenv, hypothesis, openai, pytest, xdist.plugin  # noqa: F401  第三方的包：Windows 上它们自己走 Windows 的路
for module, names in missing.items():
    module = importlib.import_module(module)
    for name in names:
        if hasattr(module, name):
            delattr(module, name)

class NoPosix(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in modules:
            raise ModuleNotFoundError(f"No module named {name!r}（模拟 Windows）", name=name)

sys.meta_path.insert(0, NoPosix())
for name in list(sys.modules):
    if name.split(".")[0] in modules:
        del sys.modules[name]
sys.path[:0] = [root, root + "/tests"]
for name in modules_of_ours:
    importlib.import_module(name)
args = ["--collect-only", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--assert=plain"]  # 只收集：不用改写 assert
sys.exit(pytest.main(args + [root + "/tests"]))
"""


def sources():
    """静态检查和收集检查看的文件：程序的，和 tests/ 里的。"""
    files = [ROOT / "agent.py", ROOT / "tools.py", *sorted((ROOT / "support").rglob("*.py"))]
    return files + sorted((ROOT / "fakes").glob("*.py")) + sorted((ROOT / "tests").glob("*.py"))


def helpers_side(path) -> bool:
    """tests/ 和 fakes/：测试和测试用的帮手（fakes 里的假服务商、测量工具）。"""
    return path.parent.name in ("tests", "fakes")


def dotted(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def asks_platform(test, flags=frozenset()) -> bool:
    """这个条件问了平台吗。flags：赋值时问了平台的变量（PROC_TREE = sys.platform…、timed = hasattr(…)）。"""
    for node in ast.walk(test):
        name = dotted(node)
        last = name.split(".")[-1]
        if name in ("os.name", "sys.platform") or last in flags | LINUX_FLAGS or name in MISSING_MODULES:
            return True
        if isinstance(node, ast.Call):
            func = dotted(node.func)
            if func == "hasattr" or func == "getattr" and len(node.args) == 3 or func in PATH_CHECKS:
                return True
    return False


def catches(handlers, kinds) -> bool:
    for handler in handlers:
        if handler.type is None:
            return True
        names = [dotted(t) for t in (handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type])]
        if any(name in kinds for name in names):
            return True
    return False


def posix_param(node, marks=frozenset()) -> bool:
    """pytest.param(…, marks=posix_only(…))：Windows 上跳过的一组参数。"""
    if not (isinstance(node, ast.Call) and dotted(node.func) in ("pytest.param", "param")):
        return False
    return any(k.arg == "marks" and (posix_marked([k.value]) or dotted(k.value) in marks) for k in node.keywords)


def mark_names(tree) -> frozenset:
    """模块里赋值为 posix_only(…) 的名字（CUT_SOCKET = posix_only("…")）：当标记用也算。"""
    return frozenset(
        dotted(t)
        for n in tree.body
        if isinstance(n, ast.Assign) and posix_marked([n.value])
        for t in n.targets
        if dotted(t)
    )


def posix_marked(decorators, marks=frozenset()) -> bool:
    """posix_only(…)，skipif(问了平台的条件)，或模块里赋值为这两样之一的名字（marks）。"""
    for node in decorators:
        for call in ast.walk(node):
            if isinstance(call, ast.Call):
                func = dotted(call.func)
                if func.endswith("posix_only"):
                    return True
                if func.endswith("skipif") and call.args and asks_platform(call.args[0]):
                    return True
            elif dotted(call) in marks:
                return True
    return False


class Uses(ast.NodeVisitor):
    """一个文件里用到 POSIX 才有的名字的每个地方：(行号, 名字, 种类, 守卫, 所在的顶层函数或类)。"""

    def __init__(self, tree):
        self.found = []
        self.flags = platform_flags(tree)
        self.marks = mark_names(tree)
        self.guards = []  # [(种类, 说明)]：种类 "platform"、"import"、"attribute"、"oserror"
        self.function = 0  # 在几层函数体里
        self.top = None  # 所在的顶层函数或类
        self.aliases = {}  # import os as _os

    def add(self, node, name, kind):
        ok = {"missing": {"platform", "import", "attribute"}, "module": {"platform", "import"}}.get(kind, {"platform"})
        if kind == "path":
            ok = {"platform", "oserror"}
        guard = next((desc for g, desc in reversed(self.guards) if g in ok), None)
        self.found.append((node.lineno, name, kind, guard, self.function > 0, self.top))

    def guarded(self, kind, desc, nodes):
        self.guards.append((kind, desc))
        for node in nodes:
            self.visit(node)
        self.guards.pop()

    def visit_If(self, node):
        if asks_platform(node.test, self.flags):
            self.guarded("platform", f"if {ast.unparse(node.test)}", [node.test, *node.body, *node.orelse])
        else:
            self.generic_visit(node)

    visit_While = visit_If

    def visit_IfExp(self, node):
        if asks_platform(node.test, self.flags):
            self.guarded("platform", f"… if {ast.unparse(node.test)} else …", [node.test, node.body, node.orelse])
        else:
            self.generic_visit(node)

    def visit_BoolOp(self, node):
        for i, value in enumerate(node.values):
            if isinstance(node.op, ast.And) and any(asks_platform(v, self.flags) for v in node.values[:i]):
                self.guarded("platform", f"{ast.unparse(node.values[0])} and …", [value])
            else:
                self.visit(value)

    def visit_Try(self, node):
        kinds = []
        if catches(node.handlers, {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}):
            kinds.append(("import", "try/except ImportError"))
        if catches(node.handlers, {"AttributeError", "Exception", "BaseException"}):
            kinds.append(("attribute", "try/except AttributeError"))
        if catches(node.handlers, {"OSError", "FileNotFoundError", "Exception", "BaseException"}):
            kinds.append(("oserror", "try/except OSError"))
        self.guards.extend(kinds)
        for child in node.body:
            self.visit(child)
        del self.guards[len(self.guards) - len(kinds) :]
        for child in [*node.handlers, *node.orelse, *node.finalbody]:
            self.visit(child)

    visit_TryStar = visit_Try

    def visit_With(self, node):
        # with contextlib.suppress(OSError)：和 try/except OSError 一样
        suppressed = [
            i.context_expr
            for i in node.items
            if isinstance(i.context_expr, ast.Call) and dotted(i.context_expr.func).endswith("suppress")
        ]
        if suppressed:
            kinds = {a.id if isinstance(a, ast.Name) else dotted(a) for s in suppressed for a in s.args}
            extra = [("oserror", "with suppress(OSError)")] if kinds & {"OSError", "FileNotFoundError"} else []
            extra += [("attribute", "with suppress(AttributeError)")] if "AttributeError" in kinds else []
            self.guards.extend(extra)
            self.generic_visit(node)
            del self.guards[len(self.guards) - len(extra) :]
        else:
            self.generic_visit(node)

    def visit_FunctionDef(self, node):
        top = self.top
        if self.top is None:
            self.top = node.name  # 装饰器里的 lambda（parametrize 的参数）也算这个测试的
        for child in [*node.decorator_list, node.args, node.returns]:  # 导入时就求值
            if child is not None:
                self.visit(child)
        self.function += 1
        outer, self.flags = self.flags, platform_flags(node, self.flags)  # 函数里的变量只在函数里算
        self.block(node.body)
        self.flags = outer
        self.function -= 1
        self.top = top

    def block(self, body):
        """if 问了平台、不是就 return / raise / skip 的：后面的语句都在守卫里。"""
        pushed = 0
        for stmt in body:
            self.visit(stmt)
            if isinstance(stmt, ast.If) and asks_platform(stmt.test, self.flags) and exits(stmt.body):
                self.guards.append(("platform", f"if {ast.unparse(stmt.test)}: return"))
                pushed += 1
        del self.guards[len(self.guards) - pushed :]

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self.visit(node.args)
        self.function += 1
        self.visit(node.body)
        self.function -= 1

    def visit_ClassDef(self, node):
        top = self.top
        if self.top is None:
            self.top = node.name
        self.generic_visit(node)
        self.top = top

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name.split(".")[0] in MISSING_MODULES:
                self.add(node, f"import {alias.name}", "module")
            elif alias.asname:
                self.aliases[alias.asname] = alias.name
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        module = (node.module or "").split(".")[0]
        if module in MISSING_MODULES:
            self.add(node, f"from {node.module} import …", "module")
        for alias in node.names:
            if alias.name in MISSING.get(module, ()):
                self.add(node, f"{module}.{alias.name}", "missing")
            elif alias.name in DIFFERENT.get(module, ()):
                self.add(node, f"{module}.{alias.name}", "different")

    def visit_Attribute(self, node):
        base = dotted(node.value)
        module = self.aliases.get(base, base).split(".")[-1] if base else ""
        if module in MISSING and node.attr in MISSING[module] and base in (module, *self.aliases):
            self.add(node, f"{module}.{node.attr}", "missing")
        elif module in DIFFERENT and node.attr in DIFFERENT[module] and base in (module, *self.aliases):
            self.add(node, f"{module}.{node.attr}", "different")
        elif node.attr in DIFFERENT_METHODS:
            self.add(node, f".{node.attr}()", "different")
        self.generic_visit(node)

    def visit_Call(self, node):
        func = dotted(node.func)
        if func.endswith("posix_only") or func in PATH_CHECKS:
            return self.guarded("platform", f"{func}(…)", [*node.args, *node.keywords])  # 问平台本身
        if posix_param(node, self.marks):
            return self.guarded("platform", "pytest.param(…, marks=posix_only(…))", [*node.args, *node.keywords])
        if func == "getattr" and len(node.args) == 2 and isinstance(node.args[1], ast.Constant):
            module, attr = dotted(node.args[0]), node.args[1].value
            if attr in MISSING.get(module, ()):
                self.add(node, f"{module}.{attr}", "missing")
        for keyword in node.keywords:
            if keyword.arg in DIFFERENT_KEYWORDS:
                self.add(node, f"{keyword.arg}=", "different")
        self.generic_visit(node)

    def visit_Constant(self, node):
        if isinstance(node.value, str) and POSIX_PATH.match(node.value):
            self.add(node, repr(node.value), "path")
        elif isinstance(node.value, str) and "import " in node.value:  # 给子进程跑的代码（python -c）
            try:
                code = ast.parse(node.value)
            except SyntaxError:
                return
            inner = Uses(code)
            inner.visit(code)
            for _, name, kind, guard, _, _ in inner.found:
                self.function += 1  # 子进程跑的时候才跑
                if guard:
                    self.guards.append(("platform", guard))
                self.add(node, f"{name}（在给子进程的代码里）", kind)
                if guard:
                    self.guards.pop()
                self.function -= 1

    def visit_Assign(self, node):
        names = [dotted(t) for t in node.targets]
        if self.top is None and len(names) == 1 and names[0]:  # 模块里的常数（MEMORY_PRELUDE = "…"）：用它的测试要守卫
            self.top = names[0]
            self.generic_visit(node)
            self.top = None
        else:
            self.generic_visit(node)

    def visit_JoinedStr(self, node):
        first = node.values[0] if node.values else None
        if isinstance(first, ast.Constant):
            self.visit_Constant(first)
        for value in node.values[1:]:
            self.visit(value)


def exits(body) -> bool:
    last = body[-1]
    if isinstance(last, (ast.Return, ast.Raise, ast.Continue)):
        return True
    return isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and dotted(last.value.func).endswith("skip")


def own_nodes(scope):
    """scope（模块或一个函数）自己的语句里的节点：不进里面的函数和类。"""
    todo = list(scope.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))


def platform_flags(scope, outer=frozenset()) -> frozenset:
    """scope 里赋值时问了平台的变量名（PROC_TREE = sys.platform…、timed = hasattr(signal, …)），加上外层的 outer。"""
    yes_or_no = (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Call, ast.Attribute, ast.Name, ast.IfExp)  # 是不是、有没有
    assigns = [n for n in own_nodes(scope) if isinstance(n, ast.Assign) and isinstance(n.value, yes_or_no)]
    flags = set(outer)
    for _ in range(2):  # CHILD_LISTS = PROC_TREE and …：再来一遍
        for node in assigns:
            if asks_platform(node.value, flags):
                flags |= {dotted(t) for t in node.targets if dotted(t)}
    return frozenset(flags)


def marked_tests(tree):
    """模块里标了 posix_only 的测试、类；整个模块标了就是 True。"""
    marked, marks = set(), mark_names(tree)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(dotted(t) == "pytestmark" for t in node.targets):
            if posix_marked([node.value], marks):
                return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and posix_marked(
            node.decorator_list, marks
        ):
            marked.add(node.name)
    return marked


def mentions(node) -> tuple:
    """顶层函数（或类）node 里提到的：名字、模块.名字、参数名（fixture）。不算 pytest.param(…, marks=posix_only(…))。"""
    names, attributes, params = set(), set(), set()
    for n in unguarded(node):
        if isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, ast.Attribute):
            attributes.add((dotted(n.value), n.attr))
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            params |= {a.arg for a in n.args.args + n.args.kwonlyargs}
    return names, attributes, params


def unguarded(node):
    """ast.walk，但不进 pytest.param(…, marks=posix_only(…))。"""
    todo = [node]
    while todo:
        n = todo.pop()
        if posix_param(n):
            continue
        yield n
        todo.extend(ast.iter_child_nodes(n))


def survey():
    """每个用到 POSIX 才有的名字的地方，和它的守卫；守卫不够的，problem 写着为什么。"""
    me = Path(__file__).resolve()
    trees = {p: ast.parse(p.read_text(encoding="utf-8"), filename=str(p)) for p in sources() if p.resolve() != me}
    rows, helpers = [], []  # helpers：测试文件里要 POSIX 的帮手函数、fixture、类 (文件, 名字)
    for path, tree in trees.items():
        uses = Uses(tree)
        uses.visit(tree)
        in_tests = helpers_side(path)
        marked = marked_tests(tree) if in_tests else set()
        for line, name, _, guard, runtime, top in uses.found:
            row = {"where": f"{path.relative_to(ROOT)}:{line}", "name": name, "guard": guard, "problem": None}
            if guard:
                pass
            elif not runtime:
                row["problem"] = "导入时就求值，没有守卫"
            elif in_tests and (marked is True or top in marked):
                row["guard"] = "posix_only（整个模块）" if marked is True else f"posix_only（{top}）"
            elif in_tests and top and top.startswith(("test_", "Test")):
                row["problem"] = f"测试 {top} 没有标 posix_only"
            elif in_tests and top:
                row["guard"] = f"在帮手 {top} 里：用它的测试都标了 posix_only"
                helpers.append((path, top))
            else:
                row["guard"] = f"运行时才跑（{top} 的函数体）"
            rows.append(row)
    # 用到要 POSIX 的帮手的测试：也要有守卫（帮手用帮手的，一层层往上找）
    index = {}  # 文件 → (标了 posix_only 的, from X import 的 {(X, 名字)}, {顶层函数或类: 它提到的})
    for path, tree in trees.items():
        if helpers_side(path):
            imports = {
                ((n.module or "").split(".")[-1], a.name)
                for n in ast.walk(tree)
                if isinstance(n, ast.ImportFrom)
                for a in n.names
            }
            tops = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
            index[path] = (marked_tests(tree), imports, {n.name: (n.lineno, mentions(n)) for n in tops})
    seen = set()
    while helpers:
        home, helper = helpers.pop()
        if (home, helper) in seen:
            continue
        seen.add((home, helper))
        for path, (marked, imports, tops) in index.items():
            imported = path == home or (home.stem, helper) in imports
            for name, (line, (names, attributes, params)) in tops.items():
                if (name == helper and path == home) or marked is True or name in marked:
                    continue
                if not (imported and helper in names | params or (home.stem, helper) in attributes):
                    continue
                if name.startswith(("test_", "Test")):
                    rows.append(
                        {
                            "where": f"{path.relative_to(ROOT)}:{line}",
                            "name": f"{helper}()",
                            "guard": None,
                            "problem": f"测试 {name} 用了要 POSIX 的帮手 {helper}，没有标 posix_only",
                        }
                    )
                else:
                    helpers.append((path, name))
    return rows


def without_encoding(tree) -> list:
    """文本模式读写文件、跑子进程，却没写 encoding 的调用：Windows 上用的是本地编码（中文 Windows 是 cp936）。"""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or any(k.arg == "encoding" for k in node.keywords):
            continue
        func = dotted(node.func)
        name = node.func.attr if isinstance(node.func, ast.Attribute) else func
        mode = next((k.value for k in node.keywords if k.arg == "mode"), None)
        if name == "open" and func in ("open", "io.open") or isinstance(node.func, ast.Attribute) and name == "open":
            args = node.args[1:] if func in ("open", "io.open") else node.args
            mode = mode or (args[0] if args else None)
            if func == "os.open" or isinstance(mode, ast.Constant) and "b" in str(mode.value):
                continue
        elif name in ("write_text", "read_text"):
            pass
        elif func in ("subprocess.run", "subprocess.Popen", "subprocess.check_output"):
            if not any(k.arg in ("text", "universal_newlines") for k in node.keywords):
                continue
        else:
            continue
        found.append(node)
    return found


def test_every_text_file_and_pipe_in_the_tests_has_an_encoding():
    missing = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        missing += [f"{path.relative_to(ROOT)}:{n.lineno}: {ast.unparse(n)[:80]}" for n in without_encoding(tree)]
    assert not missing, "没写 encoding：\n" + "\n".join(missing)


@pytest.mark.skipif(not shutil.which("git") or not (ROOT / ".git").exists(), reason="不是 git 的工作目录")
def test_the_examples_and_the_texts_the_tests_read_stay_lf_on_windows():
    files = [p for p in (ROOT / "examples").rglob("*") if p.is_file()] + sorted((ROOT / "docs").rglob("*.md"))
    files += [ROOT / "README.md", ROOT / "README.en.md", ROOT / ".env.example"]
    names = [str(p.relative_to(ROOT)) for p in files]
    out = subprocess.run(
        ["git", "check-attr", "eol", "--", *names], cwd=ROOT, capture_output=True, text=True, encoding="utf-8"
    )
    assert out.returncode == 0, out.stderr
    not_lf = [line for line in out.stdout.splitlines() if not line.endswith(": eol: lf")]
    assert not not_lf, "检出时可能换成 CRLF（.gitattributes）：\n" + "\n".join(not_lf)


def modules_of_ours() -> list:
    names = ["agent", "tools"]
    for path in sorted((ROOT / "support").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_module_imports_and_every_test_is_collected_without_posix_names():
    data = [{m: sorted(n) for m, n in MISSING.items()}, sorted(MISSING_MODULES), str(ROOT), modules_of_ours()]
    result = subprocess.run(
        [sys.executable, "-c", WINDOWS_LIKE, json.dumps(data)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    summary = result.stdout.strip().splitlines()[-1:] or [""]
    assert result.returncode == 0 and "error" not in summary[0], result.stdout[-3000:] + result.stderr[-3000:]
    assert "tests collected" in summary[0], result.stdout[-3000:]


def test_every_posix_only_name_is_behind_a_guard():
    rows = survey()
    for row in rows:
        print(f"{row['where']}: {row['name']} — {row['guard'] or row['problem']}")
    problems = [f"{r['where']}: {r['name']} — {r['problem']}" for r in rows if r["problem"]]
    assert not problems, "POSIX 才有的名字没有守卫：\n" + "\n".join(problems)


if __name__ == "__main__":
    for row in survey():
        print(f"{row['where']}: {row['name']} — {row['guard'] or '!! ' + row['problem']}")
