import codecs
import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import spawn  # noqa: E402  子进程从备好的 Python fork 出来（tests/spawn.py）

import tools  # noqa: E402

# 课程检查（tests/lesson.py）和假服务商（fakes/provider.py）用到时才导入：它们 import openai（半秒多），
# pytest-xdist 的主进程不跑测试，用不着

QUESTION = "帮我看看这个项目用了什么技术栈"  # 章节里的问题
INVENTORY_QUESTION = "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？"  # 第三篇讲义的问题
# 在子进程里直接调工具、量峰值内存的开头（先跑一条命令热身：之后 hwm() 涨多少就是工具自己多用的）
MEMORY_PRELUDE = (
    "import json, tools\n"
    "from support.options import Options\n"
    "yes = Options(auto_approve=True)\n"
    "def hwm():\n"
    "    return int([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])\n"
    "tools.dispatch_tool('run_command', {'command': 'echo warm-up'}, yes)\n"
    "before = hwm()\n"
)
# run() 里追加 role:"tool" 结果的那几行（第三篇讲义的对照二删掉它们）
APPEND_RESULT = """
            messages.append({
                "role": "tool",
                "tool_call_id": tc["id"],
                "content": result,
            })  # fmt: skip
"""
# 测试里一个问题最多调用模型几轮：跑 agent 的帮手都加上 --max-rounds ROUNDS（run() 就传 max_rounds=ROUNDS）。
# 这样测试不依赖 agent.MAX_ROUNDS：学习者做练习 1 把它改成 3 或 20，测试照样过。
# 测默认值的测试传 rounds=None，读 agent.MAX_ROUNDS。
ROUNDS = 10
FAILED = pytest.StashKey[bool]()  # 这次有没有测试没通过（pytest_unconfigure 要知道）
NO_CERTS = tempfile.TemporaryDirectory(prefix="no-certs-")  # 一个空目录，见 no_cert_bundle


# 测试是按 tools.py 里这些限制的默认值写的。练习 4 把它们改小了，测试照样按这些值跑：本进程里的测试由
# suite_limits 换回去，子进程跑的是 AGENT（换回了这些值的一份副本）。测试测程序，不测学习者改的常数；
# 改小以后程序怎样，test_exercises.py 在副本上测。
SUITE_LIMITS = {
    "MAX_RESULT_CHARS": 8000,
    "READ_LINES": 200,
    "MAX_LINE_CHARS": 2000,
    "MAX_LIST_ENTRIES": 300,
    "MAX_SEARCH_HITS": 50,
    "MAX_SEARCH_FILE_BYTES": 2_000_000,
}


def ours(name: str) -> bool:
    """tools.py 里的工具 NAME 还是项目的版本吗：schema 给模型的每个参数它都收。
    贴进章节的 read_file(path) 就不是了：翻页、工作目录的边界、env 文件的规矩都跟着换掉了。"""
    properties = tools.SCHEMAS[name]["parameters"]["properties"]
    return all(tools.takes(tools.TOOL_REGISTRY[name], param) for param in properties)


def our_tool(name: str):
    """测项目版本的工具（翻页、边界、env 文件规矩……）的测试：tools.py 里的换成了别的版本就跳过，并说为什么。"""
    return pytest.mark.skipif(
        not ours(name),
        reason=f"tools.py 里的 {name} 换成了你自己的版本：这个测试测的是项目版本的 {name}（翻页、边界、env 文件）",
    )


def posix_only(reason: str, needs: str | None = None):
    """要 POSIX 的测试（信号、伪终端、命名管道、/proc、POSIX shell 的命令……）：Windows 上跳过，reason 说为什么。
    needs：还要有这个路径（/proc、/dev/full 只有 Linux 有）：没有也跳过。"""
    if os.name == "nt":
        return pytest.mark.skipif(True, reason=f"Windows 上跳过：{reason}")
    return pytest.mark.skipif(bool(needs) and not os.path.exists(needs), reason=f"没有 {needs}：{reason}")


def pinned_program() -> Path:
    """子进程跑的 agent.py。tools.py 里的限制和 SUITE_LIMITS 一样时就是仓库里的那个；学习者改过时，
    是临时目录里的一份副本，只把这些限制换回来（别的改动原样保留）。"""
    if all(getattr(tools, name) == value for name, value in SUITE_LIMITS.items()):
        return ROOT / "agent.py"
    app = Path(PINNED.name)
    for name in ("agent.py", "tools.py"):
        shutil.copy(ROOT / name, app)
    shutil.copytree(ROOT / "support", app / "support", ignore=shutil.ignore_patterns("__pycache__"))
    for name, value in SUITE_LIMITS.items():
        set_constant(app / "tools.py", name, value)
    return app / "agent.py"


@pytest.fixture(autouse=True)
def suite_limits(monkeypatch):
    for name, value in SUITE_LIMITS.items():
        monkeypatch.setattr(tools, name, value)


def pytest_terminal_summary(terminalreporter):
    """学习者换掉了工具、改了限制：最后说一句，免得只看到“skipped”。"""
    changed = [name for name in tools.TOOL_REGISTRY if not ours(name)]
    if changed:
        terminalreporter.write_line(
            f"[说明] tools.py 里的 {'、'.join(changed)} 换成了你自己的版本："
            "测项目版本的那些测试跳过了（pytest -rs 看是哪些）。"
        )
    limits = [
        f"{name} = {getattr(tools, name)}" for name, value in SUITE_LIMITS.items() if getattr(tools, name) != value
    ]
    if limits:
        terminalreporter.write_line(
            f"[说明] 你把 {'、'.join(limits)}：测试照样按默认值跑（改小以后的行为见 tests/test_exercises.py）。"
        )


def pytest_sessionfinish(session, exitstatus):
    failed = session.testsfailed > 0 and exitstatus == pytest.ExitCode.INTERRUPTED  # -x：第一个失败就停
    session.config.stash[FAILED] = exitstatus == pytest.ExitCode.TESTS_FAILED or failed


def pytest_configure(config):
    """跑测试的进程（xdist 的 worker，或 -n 0 时的这个进程）先把备好的 Python 起起来：
    它 import openai 的时候，测试照常收集。"""
    if (hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None)) and not (
        config.option.collectonly
    ):
        spawn.prepare(cli_env())


def small_budget() -> list:
    """MAX_ROUNDS 小得连库存问题（2 轮）都答不完（第三篇讲义的预算实验）：["agent.py 的 MAX_ROUNDS = 1"]。"""
    found = re.search(r"^MAX_ROUNDS = (\d+)", (ROOT / "agent.py").read_text(encoding="utf-8", errors="replace"), re.M)
    moved = [] if (ROOT / "examples" / "inventory" / "stock").is_dir() else ["examples/inventory/stock（改名或删掉了）"]
    return ([f"agent.py 的 MAX_ROUNDS = {found[1]}"] if found and int(found[1]) < 2 else []) + moved


def pytest_unconfigure(config):
    """有测试没通过，而课程的函数（run()、工具……）和发布时不一样：最后一行说一声，指向课程检查。
    红了的测试照样都在上面：这一行不藏任何失败，只说它们多半是在指出你改了的行为。"""
    spawn.stop()
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if not config.stash.get(FAILED, False) or reporter is None or hasattr(config, "workerinput"):
        return
    import lesson

    changed = lesson.changed_from_shipped() + small_budget()
    if changed:
        more = f" 等 {len(changed)} 处" if len(changed) > 2 else ""
        reporter.write_line(
            f"[说明] {'、'.join(changed[:2])}{more} 和发布时不一样：上面红的测试测的是发布时的行为。"
            "python tests/lesson.py 用十秒钟说清楚讲义里的哪件事变了。"
        )


def pytest_xdist_auto_num_workers(config):
    """-n auto 用几个 worker：核数加一。很多测试在等子进程启动、等超时，多一个 worker 把这些空档填上。"""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


@pytest.fixture
def inventory(tmp_path):
    """examples/inventory 的一份副本：改数据、删文件都不碰仓库。"""
    work = tmp_path / "inventory"
    shutil.copytree(ROOT / "examples" / "inventory", work)
    return work


@pytest.fixture(autouse=True)
def no_cert_bundle(monkeypatch):
    """测试只连本机的 http：信任的证书换成一个空目录，建 API 客户端时（本进程里、子进程里都一样）
    不用每次读一遍系统的证书包（几十毫秒）；万一连了外网的 https，也验证不过。"""
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.setenv("SSL_CERT_DIR", NO_CERTS.name)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """章节里的示例项目（package.json、README.md、src/、tests/），作为工作目录。"""
    work = tmp_path / "my-project"
    shutil.copytree(ROOT / "examples" / "my-project", work)
    monkeypatch.chdir(work)
    return work


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """一个空的工作目录。"""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


@pytest.fixture
def provider():
    """provider(script, rules=...)：启动一个本地假服务商，测试结束时关掉。"""
    from fakes.provider import FakeProvider

    with contextlib.ExitStack() as running:

        def start(script=(), **kwargs):
            return running.enter_context(FakeProvider(script, **kwargs))

        yield start


def client_for(p, **kwargs):
    import openai  # 用到时才导入（run_main 里的 agent 也一样）：pytest-xdist 的主进程不跑测试，省下一秒多

    return openai.OpenAI(base_url=p.url, api_key="test-key", max_retries=0, **kwargs)


def cli_env(p=None, **extra):
    """运行 agent 的环境（子进程的，或 run_main 里的 os.environ）：只指向本地假服务商，不读任何真实 key。"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_") and k != "DEMO_PAIRING"}  # 实验 d 的开关
    # 跑测试的 Python 排在 PATH 最前面，和激活了虚拟环境一样：演示执行的 python3 就是它
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    if p:
        env["OPENAI_API_KEY"] = "test-key"
    env.update(
        MODEL="test-model",
        OPENAI_BASE_URL=p.url if p else "http://127.0.0.1:9/v1",
        OPENAI_MAX_RETRIES="0",
        PYTHONIOENCODING="utf-8",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def with_rounds(args, rounds=ROUNDS) -> list:
    """参数前面加上 --max-rounds ROUNDS（已经写了 --max-rounds，或者 rounds=None 测默认值时不加）。"""
    if rounds is None or any(str(a).startswith("--max-rounds") for a in args):
        return list(args)
    return ["--max-rounds", str(rounds), *args]


def run_cli(*args, p=None, input=None, cwd=None, timeout=30, rounds=ROUNDS, **env):
    """在真的子进程里运行 python agent.py ARGS：信号、终端、标准流被关掉、子进程继承的环境，要用它测。"""
    return spawn.run(
        [sys.executable, str(AGENT), *with_rounds(args, rounds)],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=cli_env(p, **env),
        timeout=timeout,
    )


def run_main(*args, p=None, input=None, cwd=None, timeout=30, rounds=ROUNDS, app=None, unset=(), **env):
    """和 run_cli 一样的参数和结果，但在本进程里调用 agent.main(ARGS)：省掉每次启动 Python、import openai 的一秒多。

    环境和 cli_env() 一样；stdin、stdout、stderr 是内存里的 UTF-8 流（和子进程的管道一样不是终端）；
    main() 眼里 agent.py 在一个空的临时目录里（app：就在这个目录里），旁边没有 .env：不读开发者放在仓库里的 .env。
    结束后（出错也一样）环境、工作目录、标准流都还原。信号、终端、标准流被关掉、子进程继承的东西，仍用 run_cli。
    unset：这些环境变量不设（cli_env() 也不给），设置只从 .env 来。
    """
    import agent

    args = with_rounds(args, rounds)
    stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    stdout, stderr = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(2))
    with contextlib.ExitStack() as stack:
        app_dir = str(app) if app else stack.enter_context(tempfile.TemporaryDirectory())
        stack.enter_context(mock.patch.object(agent, "__file__", os.path.join(app_dir, "agent.py")))
        environment = {k: v for k, v in cli_env(p, **env).items() if k not in unset}
        stack.enter_context(mock.patch.dict(os.environ, environment, clear=True))
        argv = [str(ROOT / "agent.py"), *args]  # 用法错误的提示里，程序名也是 agent.py
        stack.enter_context(mock.patch.multiple(sys, argv=argv, stdin=stdin, stdout=stdout, stderr=stderr))
        stack.callback(os.chdir, os.getcwd())  # -C DIR 会 chdir
        if cwd:
            os.chdir(cwd)
        try:
            with time_limit(timeout):
                code = agent.main(list(args))
        except SystemExit as e:  # 用法、配置错误，-h：和解释器一样变成退出码
            code = 0 if e.code is None else e.code
            if not isinstance(code, int):  # sys.exit("一句话")：打印出来，退出码 1
                print(code, file=sys.stderr)
                code = 1
        except TooSlow:
            raise subprocess.TimeoutExpired(argv, timeout, written(stdout), written(stderr)) from None
    return subprocess.CompletedProcess(argv, code, written(stdout), written(stderr))


def written(stream):
    """内存流里写下的文字，原样：不像 subprocess.run(text=True) 那样把回车换成换行，断言“输出里没有回车”才有意义。"""
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8")


class TooSlow(BaseException):
    """run_main 超时：不是 Exception，agent 的 except Exception 接不住它。"""


@contextlib.contextmanager
def time_limit(seconds):
    """主线程里过了 seconds 秒还没结束就抛 TooSlow，和 subprocess.run 的 timeout 一样不让测试卡住。"""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield  # Windows、非主线程：不限时
        return

    def expire(signum, frame):
        raise TooSlow

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# Popen 的 preexec_fn：子进程里 Ctrl-C 和会结束进程的信号（SIGHUP……）恢复默认处理。pytest 从后台（cmd &）、
# 用 nohup 启动时 SIGINT、SIGHUP 被忽略，子进程会继承这份忽略，发信号就没有反应。
default_sigint = spawn.preexec(default=("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"))


def agent_copy(tmp_path):
    """程序的一份副本 tmp_path/app（agent.py、tools.py、support/）：旁边放 .env、改代码都不碰仓库。"""
    app = tmp_path / "app"
    app.mkdir()
    for name in ("agent.py", "tools.py"):
        shutil.copy(ROOT / name, app)
    shutil.copytree(ROOT / "support", app / "support", ignore=shutil.ignore_patterns("__pycache__"))
    for name, value in SUITE_LIMITS.items():  # 限制是默认值（学习者改过也一样）：要测别的值的测试自己 set_constant
        set_constant(app / "tools.py", name, value)
    return app


def edit(path, old, new):
    """在副本里改代码：old 必须恰好出现一次。学习者已经亲手做了这个改动（讲义的实验），副本里就已经是改过的：
    new 已经在里面（不算注释和空白；删掉几行的实验：old 已经不在，课程的函数也和发布时不一样），就不再改，
    测改过的结果。"""
    import lesson

    text = path.read_text(encoding="utf-8")
    if (
        code_of(new)
        and code_of(new) in code_of(text)
        or (not code_of(new) and old not in text and lesson.changed_from_shipped(path.parent))
    ):
        return
    assert text.count(old) == 1, f"{path.name} 里找不到（或不止一处）{old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def code_of(text: str) -> str:
    """比较代码用：去掉注释，空白连成一个空格（注释写得不一样、缩进差一点，也认得出是同一个改动）。"""
    return re.sub(r"\s+", " ", re.sub(r"#[^\n]*", "", text)).strip()


def set_constant(path, name, value):
    """在副本里把 NAME = … 那一行的值改成 value：不管学习者把它改成了多少，都改得到。"""
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(rf"^{name} = [^\n#]*?(?=\s*(#|$))", f"{name} = {value}", text, count=1, flags=re.MULTILINE)
    assert count == 1, f"{path.name} 里找不到 {name} = …"
    path.write_text(new, encoding="utf-8")


def run_copy(app, *args, p=None, rounds=ROUNDS):
    """在子进程里跑副本 app/agent.py（工作目录是 app）；p 是假服务商，不给就只能用 --demo。"""
    return spawn.run(
        [sys.executable, str(app / "agent.py"), *with_rounds(args, rounds)],
        cwd=app,
        env=cli_env(p),
        input="",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=30,
        check=False,
    )


# 在一个子进程里依次跑副本的几次 main()：改过的副本只 import 一次（openai 也是），和 run_main 一样的标准流
RUN_EACH = """
import io, json, os, sys
app, runs, envs = sys.argv[1], *json.loads(sys.argv[2])
sys.path.insert(0, app)
import agent
results, real = [], (sys.stdin, sys.stdout, sys.stderr)
for args, env in zip(runs, envs):
    saved = dict(os.environ)
    os.environ.update(env)
    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(3)]
    sys.argv, (sys.stdin, sys.stdout, sys.stderr) = [os.path.join(app, "agent.py"), *args], streams
    os.chdir(app)
    try:
        code = agent.main(list(args))
    except SystemExit as e:
        code = 0 if e.code is None else e.code
        if not isinstance(code, int):
            print(code, file=sys.stderr)
            code = 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = real
        os.environ.clear()
        os.environ.update(saved)
    for stream in streams:
        stream.flush()
    results.append([code, *(stream.buffer.getvalue().decode("utf-8") for stream in streams[1:])])
print(json.dumps(results))
"""


def run_copy_each(app, *runs, p=None, rounds=ROUNDS, envs=None):
    """和对每个 args 调一次 run_copy(app, *args) 一样（工作目录是 app，标准输入是空的），但这几次在同一个子进程里跑：
    改过的副本照样是真的 import 进一个新进程，只是不用每次都再启动一个 Python、再 import 一遍 openai。
    envs：每次运行另加的环境变量（一次一个 dict），这次运行完就去掉。"""
    import json

    runs = [with_rounds(args, rounds) for args in runs]
    plan = json.dumps([runs, envs or [{}] * len(runs)])
    done = spawn.run(
        [sys.executable, "-c", RUN_EACH, str(app), plan],
        cwd=app, env=cli_env(p), input="", capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [
        subprocess.CompletedProcess([str(app / "agent.py"), *args], code, out, err)
        for args, (code, out, err) in zip(runs, json.loads(done.stdout.splitlines()[-1]), strict=True)
    ]


# ── 假服务商收到了什么 ────────────────────────────────────────
def sent(p, n):
    """假服务商收到的第 n 个请求（从 0 数，-1 是最后一个）里的 messages。"""
    return p.requests[n]["messages"]


def answered(messages):
    """问题得到了回答：最后一条是没有调用工具的 assistant 消息（和 ask() 返回 0 的条件一样）。"""
    last = messages[-1]
    return last.get("role") == "assistant" and not last.get("tool_calls")


def assistant_turns(messages):
    return [m for m in messages if m["role"] == "assistant"]


def tool_results(messages):
    """每条 role: "tool" 结果的内容，按顺序。"""
    return [m["content"] for m in messages if m["role"] == "tool"]


def arguments_in(messages):
    """每个 tool_call 的 arguments（送回去的字符串），按顺序。"""
    return [tc["function"]["arguments"] for m in messages for tc in m.get("tool_calls") or []]


# ── 子进程 ───────────────────────────────────────────────────
def wait_until(condition, message="等太久了", timeout=15):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.02)


def alive(pid):
    """进程过了 10 秒还在跑（僵尸进程不算：它已经结束，只是还没被回收）。只用来断言进程已经结束。"""
    for _ in range(200):  # 机器忙的时候，收到 SIGKILL 到真正退出可能要一会儿
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        if os.path.exists(f"/proc/{pid}/stat"):
            with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return False
        time.sleep(0.05)
    return True


class Terminal:
    """在伪终端里跑 python agent.py ARGS：stdout、stderr（可选 stdin）都是终端，会真的问 (y/N)；边读输出边打字。"""

    def __init__(self, p, *args, cwd=None, stdin_is_terminal=True, rounds=ROUNDS, **env):
        import pty

        master, slave = pty.openpty()
        self.proc = spawn.Popen(
            [sys.executable, str(AGENT), *with_rounds(args, rounds)],
            env=cli_env(p, **env),
            cwd=cwd,
            stdin=slave if stdin_is_terminal else subprocess.DEVNULL,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            preexec_fn=default_sigint,  # pytest 从后台启动时也能按 Ctrl-C
        )
        os.close(slave)
        self.master, self.out = master, ""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # 子进程退出后 Linux 报 EIO
                return
            if not chunk:
                return
            self.out += decoder.decode(chunk)

    def wait_for(self, text, count=1):
        wait_until(lambda: self.out.count(text) >= count, f"没等到第 {count} 个 {text!r}，输出：\n{self.out}")

    def type(self, text):
        os.write(self.master, text.encode())

    def ask(self, question, *answers):
        """交互模式里问一个问题，每次问 (y/N) 时依次回答 answers，等到最终回复。"""
        asked, replies = self.out.count("(y/N)"), self.out.count("[最终回复]")  # 先数好：回复可能来得比这里快
        self.type(question + "\n")
        for i, answer in enumerate(answers, 1):
            self.wait_for("(y/N)", asked + i)
            self.type(answer + "\n")
        self.wait_for("[最终回复]", replies + 1)

    def quit(self):
        """交互模式：等回到提示符，输入 quit，返回退出码。"""
        self.wait_for("你：", self.out.count("[最终回复]") + 1)
        self.type("quit\n")
        return self.finish()

    def finish(self):
        """等程序结束，读完终端里剩下的输出，返回退出码。"""
        try:
            code = self.proc.wait(timeout=15)
        finally:
            self.proc.kill()
        self.reader.join(timeout=15)
        os.close(self.master)
        return code


PINNED = tempfile.TemporaryDirectory(prefix="agent-pinned-")  # 见 pinned_program
AGENT = pinned_program()  # 子进程跑的 agent.py


def quoted(said, *lines):
    """离线演示的回答照原样抄出了 README 代码块里的这几行（按顺序，一行一行缩进四格）。"""
    return "\n".join(f"    {line}" for line in lines) in said


def not_read(said):
    """离线演示的回答说没找到它读得懂的启动、跑测试的写法，或者说 README 有那一节、写法它读不懂（不猜）。"""
    return any(w in said for w in ("written in a way I read", "我读得懂的", "not in a form I read"))


def orders_in(text: str) -> list:
    """离线演示从一个问题里听出的库存订单（Order 的列表）；没听懂、不是库存问题是 []。"""
    from support.demo.followup import in_context

    return next((p.names for p in in_context(text, None).parts if p.kind == "inventory"), [])
