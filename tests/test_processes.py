"""run_command 启动的进程：命令结束、超时、agent 收到 SIGTERM / SIGHUP 时，它启动的每个进程都一起结束，
换了进程组、会话的（timeout、setsid、set -m、两次 fork）也一样；读输出的线程也不留下。"""

import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest
import spawn
from conftest import AGENT, ROOT, ROUNDS, cli_env, wait_until

from fakes.provider import call, text_reply, tool_reply
from support import processes
from support.command_guard import keep_ends, run_bounded
from support.signals import start_quiet

linux_only = pytest.mark.skipif(not processes.PROC_TREE, reason="按 /proc 里的进程树找进程，只在 Linux 上做得到")
ENDED = "后台进程还在运行，已一并结束"


def leftovers(mark):
    """命令行里带着 mark 的进程：pid → 命令行（僵尸的命令行是空的，不算）。"""
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    cmdline = f.read()
            except OSError:
                continue
            if mark.encode() in cmdline:
                found[int(name)] = cmdline
    return found


def my_zombies(since):
    """本进程名下、不早于 since（开机后的时钟滴答数）启动、还没回收的僵尸进程。
    更早的不算：别的测试留下的孤儿也可能归到这个进程名下，在这时候结束。"""
    found = set()
    for name in os.listdir("/proc"):
        try:
            with open(f"/proc/{name}/stat", encoding="utf-8") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, ValueError):
            continue
        if fields[0] == "Z" and int(fields[1]) == os.getpid() and int(fields[19]) >= since:
            found.add(int(name))
    return found


def ticks_since_boot():
    with open("/proc/uptime", encoding="utf-8") as f:
        return int(float(f.read().split()[0]) * os.sysconf("SC_CLK_TCK"))


@pytest.fixture
def mark(workdir):
    """一个独一无二的数，放进命令行（sleep 4303.xxx）：凭它在 /proc 里找剩下的进程。测试结束时清掉剩下的。"""
    mark = f"4303.{os.getpid()}{random.randrange(10**6):06d}"
    since = ticks_since_boot() - 1
    yield mark
    for _ in range(50):  # 测试失败时（或者没有修好时）也不留下进程：一边杀一边 fork 的，多杀几遍
        for pid in leftovers(mark):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert not my_zombies(since), "结束的进程没有回收，留下了僵尸"


def run_leaving_nothing(command, mark, timeout=20):
    """在本进程里跑 command：返回后不能有带 mark 的进程，也不能多出线程（读输出的线程）。"""
    threads = set(threading.enumerate())
    code, output = run_bounded(command, timeout, 8000)
    assert leftovers(mark) == {}, output
    assert set(threading.enumerate()) <= threads, "run_bounded 返回后还有线程在跑"
    return code, output


# ── 命令结束、超时：它启动的每个进程都结束 ───────────────────────────
@linux_only
def test_timeout_ends_a_command_that_made_its_own_process_group(mark):
    """timeout 自己另开一个进程组：只结束命令的进程组的话，timeout、sh、sleep 都会留下来。"""
    code, output = run_leaving_nothing(f"timeout 100 sh -c 'sleep {mark}'", mark, timeout=1)
    assert code != 0 and "超过 1 秒，命令已被终止" in output


# {run} 在脱离的地方跑起来：先建文件 up（命令等到它才退出，这时它一定已经脱离了），再 sleep
RUN = 'sh -c "touch up; sleep {mark}"'
ESCAPES = {
    "timeout": "timeout 300 {run} &",
    "set -m": "bash -c 'set -m; {run} &'",
    "setsid": "setsid {run} >/dev/null 2>&1 &",
    "double fork": "({run} >/dev/null 2>&1 &)",
    "double fork, new session": "(setsid {run} >/dev/null 2>&1 &)",
}
WAIT_UP = "\nwhile [ ! -e up ]; do sleep 0.01; done\necho started"


@linux_only
@pytest.mark.parametrize("escape", ESCAPES.values(), ids=ESCAPES.keys())
def test_background_processes_in_another_group_or_session_are_ended(mark, escape):
    code, output = run_leaving_nothing(escape.format(run=RUN.format(mark=mark)) + WAIT_UP, mark)
    assert code == 0 and output.startswith("started")
    assert ENDED in output  # 说结束了，就真的找到了、结束了


@linux_only
def test_processes_forked_while_being_ended_are_ended_too(mark):
    """另一个会话里不停地两次 fork：每个 sleep 一出生就成了孤儿。找一遍、杀一遍，总有杀的时候刚生出来的。"""
    command = f"setsid sh -c 'touch up; while :; do (sleep {mark} &); done' >/dev/null 2>&1 &{WAIT_UP}\nsleep 0.3"
    code, output = run_leaving_nothing(command, mark)
    assert code == 0 and ENDED in output


# 不停换 pid 的进程：fork 一个新的，自己马上退出；每 20 毫秒往 beat 里写一个字节，停了就是都结束了
HOPPER = """
import os, sys, time
hoppers, new_session = int(sys.argv[1]), sys.argv[2] == "setsid"  # setsid：每一跳都换一个新会话、新进程组
beat = os.open("beat", os.O_WRONLY | os.O_APPEND | os.O_CREAT)
for _ in range(hoppers - 1):
    if os.fork() == 0:
        break
end, last = time.monotonic() + 8, 0.0
while time.monotonic() < end:
    if os.fork():
        os._exit(0)
    if new_session:
        os.setsid()
    if time.monotonic() - last > 0.02:
        os.write(beat, b".")
        last = time.monotonic()
"""


# 同样的跳法用 C 写：一跳只要约 0.1 毫秒（Python 要 0.6 毫秒），扫一遍 /proc 的工夫里已经换了好几个 pid
HOPPER_C = r"""
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
    int hoppers = atoi(argv[1]), new_session = argv[2][0] == 's';
    int beat = open("beat", O_WRONLY | O_APPEND | O_CREAT, 0644);
    for (int i = 1; i < hoppers; i++) if (fork() == 0) break;
    double end = now() + 8, last = 0;
    while (now() < end) {
        pid_t p = fork();
        if (p > 0) _exit(0);
        if (p < 0) { usleep(1000); continue; }
        if (new_session) setsid();
        if (now() - last > 0.02) { if (write(beat, ".", 1) < 0) return 1; last = now(); }
    }
    return 0;
}
"""


def hopper(workdir, language):
    """写好（C 的还要编译好）跳来跳去的程序，返回启动它的命令的开头。"""
    if language == "python":
        (workdir / "hopper.py").write_text(HOPPER, encoding="utf-8")
        return f"{sys.executable} hopper.py"
    compiler = shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        pytest.skip("没有 C 编译器")
    (workdir / "hopper.c").write_text(HOPPER_C, encoding="utf-8")
    subprocess.run([compiler, "-O2", "-o", "hopper", "hopper.c"], cwd=workdir, check=True)
    return "./hopper"


@linux_only
@pytest.mark.parametrize("language", ["python", "c"])
@pytest.mark.parametrize("group", ["same", "setsid"])
def test_processes_that_keep_changing_pid_are_ended(mark, workdir, group, language):
    """每一跳都是新 pid：扫一遍 /proc 的工夫里它已经换了几次，按快照找常常一个也找不到。
    agent 是收养者，每一跳都归它：盯着 agent 名下的子进程杀、连进程组一起杀，直到一个不剩。"""
    command = f"{hopper(workdir, language)} 4 {group} {mark} &\nwhile [ ! -s beat ]; do sleep 0.01; done"
    command += "\nsleep 0.3; echo launched"
    since = ticks_since_boot() - 1
    code, output = run_leaving_nothing(command, mark)
    beats = (workdir / "beat").stat().st_size
    time.sleep(0.3)
    assert (workdir / "beat").stat().st_size == beats, "还有进程在跳"
    assert code == 0 and output.startswith("launched") and ENDED in output
    assert not my_zombies(since)


@linux_only
def test_orphans_that_exit_are_reaped_while_the_command_runs(mark):
    """命令留下的孤儿归 agent 收养，退出后成了 agent 名下的僵尸：命令还在跑时就回收，不等它结束。
    不回收的话，不停 fork 的命令会把僵尸堆到 pid 用完。"""
    since, peak, done = ticks_since_boot() - 1, [0], threading.Event()

    def watch():
        while not done.wait(0.02):
            peak[0] = max(peak[0], len(my_zombies(since)))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        code, output = run_bounded(f"for i in $(seq 1000); do (true &); done; sleep 0.5; echo {mark}", 30, 8000)
    finally:
        done.set()
        watcher.join()
    assert (code, output) == (0, mark)
    assert peak[0] < 400, f"命令运行时 agent 名下积了 {peak[0]} 个僵尸"


@linux_only
def test_second_ctrl_c_does_not_interrupt_the_cleanup(mark, monkeypatch):
    """第一次 Ctrl-C：结束命令；结束到一半又按了一次：照样结束完，之后再抛 KeyboardInterrupt。"""
    original, sweep = signal.getsignal(signal.SIGINT), processes.sweep
    signal.signal(signal.SIGINT, signal.default_int_handler)  # 和 agent.py 里一样：Ctrl-C 抛 KeyboardInterrupt
    interrupts = []

    def interrupted_sweep(*args):
        if not interrupts:  # 收尾的第一遍之前，再按一次 Ctrl-C
            interrupts.append(signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)
        return sweep(*args)

    monkeypatch.setattr(processes, "sweep", interrupted_sweep)
    command = f"setsid sleep {mark} >/dev/null 2>&1 &\nsleep {mark}"
    sleeping = lambda: [c for c in leftovers(mark).values() if c.startswith(b"sleep\0")]  # noqa: E731
    ctrl_c = threading.Timer(0.05, lambda: wait_until(lambda: len(sleeping()) == 2) or os.kill(os.getpid(), 2))
    try:
        ctrl_c.start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            run_bounded(command, 30, 8000)
        ctrl_c.join()
        assert time.monotonic() - started < 20, "Ctrl-C 没有停下命令"
        assert interrupts and leftovers(mark) == {}
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # 离开时恢复原来的处理
    finally:
        signal.signal(signal.SIGINT, original)


@linux_only
@pytest.mark.parametrize("when", ["as_it_starts", "as_it_ends"])
def test_ctrl_c_at_the_edges_of_a_command_still_ends_it_and_is_not_lost(mark, monkeypatch, when):
    """Ctrl-C 落在命令刚启动（Popen 刚返回、还没开始等）或刚结束的那一刻：命令照样被结束，Ctrl-C 也不丢。
    处理函数只记下信号，等的地方再抛：落在 Popen.wait 拿着锁的那几步里，锁也不会永远不放。"""
    import support.command_guard as commands

    original = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    real_popen, real_wait = subprocess.Popen, commands.wait_watching

    def popen(*args, **kwargs):
        proc = real_popen(*args, **kwargs)
        if when == "as_it_starts":
            os.kill(os.getpid(), signal.SIGINT)
        return proc

    def wait(*args):
        finished = real_wait(*args)
        if when == "as_it_ends":
            os.kill(os.getpid(), signal.SIGINT)
        return finished

    monkeypatch.setattr(commands.subprocess, "Popen", popen)
    monkeypatch.setattr(commands, "wait_watching", wait)
    command = f"sleep {mark} & sleep 30" if when == "as_it_starts" else f"sleep {mark} & echo {mark}"
    try:
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            run_bounded(command, 60, 8000)
        assert time.monotonic() - started < 20
        assert leftovers(mark) == {}
    finally:
        signal.signal(signal.SIGINT, original)


@linux_only
def test_nothing_left_nothing_claimed(mark):
    original = signal.getsignal(signal.SIGTERM)
    assert run_leaving_nothing(f"sleep 0.2 & wait; echo {mark}", mark) == (0, mark)
    assert run_leaving_nothing("echo hi", mark) == (0, "hi")
    assert signal.getsignal(signal.SIGTERM) is original  # 只在命令运行时接管 SIGTERM


# ── 读输出的线程：命令的进程都没了就停，不管管道还在谁手里 ──────────────
@linux_only
def test_detached_process_writing_to_the_output_is_ended_and_the_reader_stops(mark):
    """yes 在另一个会话里，一直往命令的输出管道里写：不结束它，读线程就一直忙下去。"""
    code, output = run_leaving_nothing(f"setsid sh -c 'touch up; yes {mark}' &{WAIT_UP}", mark)
    assert code == 0 and ENDED in output


@linux_only
def test_reader_stops_even_if_a_process_outside_the_command_holds_the_pipe(mark, workdir):
    """命令开始之前就在的进程（不是命令启动的，不能结束它）打开了命令的输出管道，一直写。"""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import os, time\n"
            "while not os.path.exists('shell.pid'): time.sleep(0.01)\n"
            "pid = open('shell.pid').read().split()[0]\n"
            "out = open(f'/proc/{pid}/fd/1', 'wb', buffering=0)\n"
            "open('holding', 'w').close()\n"
            "while True:\n"
            "    out.write(b'held\\n'); time.sleep(0.05)\n",
            mark,
        ],
        cwd=workdir,
        stderr=subprocess.DEVNULL,
    )
    try:
        command = "echo $$ > shell.pid.tmp && mv shell.pid.tmp shell.pid\nwhile [ ! -e holding ]; do sleep 0.01; done"
        threads = set(threading.enumerate())
        code, output = run_bounded(command, 10, 8000)
        assert set(threading.enumerate()) <= threads, "管道还在别人手里，读线程就一直不停"
        assert code == 0 and "held" in output and "还有进程占着输出管道" in output
        assert holder.poll() is None  # 命令之外的进程不动
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.skipif(not hasattr(select, "poll"), reason="Windows 的管道不能 poll：读线程一直读到结尾")
def test_reader_stops_when_told_even_though_the_pipe_stays_open():
    read_end, write_end = os.pipe()
    kept, stop = {"head": bytearray(), "tail": bytearray(), "dropped": 0}, threading.Event()
    reader = threading.Thread(target=keep_ends, args=(os.fdopen(read_end, "rb"), kept, 8000, stop), daemon=True)
    reader.start()
    try:
        os.write(write_end, b"some output")
        wait_until(lambda: kept["head"])
        stop.set()
        reader.join(5)
        assert not reader.is_alive()
        assert kept["head"] == b"some output" and kept["cut_off"]
    finally:
        os.close(write_end)


# ── agent 收到 SIGTERM / SIGHUP（比如关掉终端）：先结束命令，再退出 ─────────
ENDING = ["SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU"]  # Ctrl-\\ 是 SIGQUIT


# Popen 的 preexec_fn：pytest 可能是用 nohup 或从后台启动的，子进程里信号恢复默认处理。
default_signals = spawn.preexec(default=("SIGTERM", "SIGHUP", "SIGINT", *ENDING))


def start_agent(p, *args, **popen):
    """在子进程里跑 agent（假服务商 p，不是终端，信号是默认处理），args 是命令行参数。"""
    return spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), *args],
        env=cli_env(p),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        **{"preexec_fn": default_signals, **popen},
    )


# Popen 的 preexec_fn：像 shell 里的一个作业那样自成一个进程组（同一个会话，父进程在别的组）。
# 进程组成了孤儿时（CI 的进程树里可能是这样），内核丢掉 SIGTSTP：Ctrl-Z 本来就停不下它。
own_job = spawn.preexec(default=("SIGTERM", "SIGHUP", "SIGINT", *ENDING), group=True)


@linux_only
@pytest.mark.parametrize("sig", [getattr(signal, name) for name in ENDING if hasattr(signal, name)], ids=str)
def test_signal_to_the_agent_ends_the_running_command_first(mark, workdir, provider, sig):
    command = f"setsid sleep {mark} >/dev/null 2>&1 &\ntimeout 100 sh -c 'sleep {mark}'"
    p = provider([tool_reply(call("run_command", {"command": command})), text_reply("好")])
    agent = start_agent(p, "--yes", "跑一下", cwd=workdir)
    try:
        sleeping = lambda: [c for c in leftovers(mark).values() if c.startswith(b"sleep\0")]  # noqa: E731
        wait_until(lambda: len(sleeping()) == 2 or agent.poll() is not None, "命令没有跑起来")
        agent.send_signal(sig)
        out, err = agent.communicate(timeout=15)
    finally:
        agent.kill()
    assert agent.returncode == 128 + sig, out + err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and signal.Signals(sig).name in err
    assert leftovers(mark) == {}


@linux_only
def test_closing_the_terminal_ends_the_running_command(mark, workdir, provider):
    """agent 在一个终端里跑（它是这个终端的控制进程），终端关掉：内核发 SIGHUP。"""
    import pty

    # 新会话里把这个伪终端认作控制终端，像在终端窗口里启动一样
    own_terminal = spawn.preexec(default=("SIGTERM", "SIGHUP", "SIGINT", *ENDING), terminal=True)

    command = f"setsid sleep {mark} >/dev/null 2>&1 &\nsleep {mark}"
    p = provider([tool_reply(call("run_command", {"command": command})), text_reply("好")])
    master, slave = pty.openpty()
    agent = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "--yes", "跑一下"],
        cwd=workdir,
        env=cli_env(p),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        preexec_fn=own_terminal,
    )
    os.close(slave)
    try:
        wait_until(lambda: len(leftovers(mark)) == 3 or agent.poll() is not None, "命令没有跑起来")
        os.close(master)  # 关掉终端
        assert agent.wait(timeout=15) == 128 + signal.SIGHUP
    finally:
        agent.kill()
    assert leftovers(mark) == {}


def state_of(pid) -> str:
    """/proc 里进程的状态：R、S 在跑或在等，T 停着（Ctrl-Z），Z 僵尸。"""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


@linux_only
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGQUIT"])  # 名字：Windows 没有 SIGHUP、SIGQUIT，收集时不取
def test_a_signal_while_waiting_for_the_model_ends_with_one_line(provider, tmp_path, name):
    """等模型回复时收到 SIGTERM、SIGHUP、SIGQUIT：一句话，退出码 128 + 信号，录音记下中断。"""
    sig = getattr(signal, name)
    p = provider([{"sleep": 30, "then": text_reply("太晚了")}])
    recording = tmp_path / "run.jsonl"
    agent = start_agent(p, "--record", str(recording), "你好", cwd=tmp_path)
    try:
        wait_until(lambda: p.requests or agent.poll() is not None, "请求没有到服务商")
        agent.send_signal(sig)
        out, err = agent.communicate(timeout=15)
    finally:
        agent.kill()
    assert agent.returncode == 128 + sig, out + err
    assert err.strip().splitlines() == [f"[已退出] 收到 {signal.Signals(sig).name}：程序结束。"], err
    assert json.loads(recording.read_text(encoding="utf-8").splitlines()[-1])["event"] == "interrupted"


def delivered(pid: int, sig: int) -> bool:
    """/proc/<pid>/status 里这个信号已经不挂着了（进程结束了也算）。"""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            masks = [int(line.split()[1], 16) for line in f if line.startswith(("SigPnd:", "ShdPnd:"))]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return not any(mask >> (sig - 1) & 1 for mask in masks)


@linux_only
@pytest.mark.parametrize("first, second", [("SIGHUP", "SIGQUIT"), ("SIGQUIT", "SIGTERM"), ("SIGTERM", "SIGINT")])
def test_a_second_signal_while_ending_does_not_change_the_line_or_the_exit_code(provider, tmp_path, first, second):
    p = provider([{"sleep": 30, "then": text_reply("太晚了")}])
    agent = start_agent(p, "你好", cwd=tmp_path)
    try:
        wait_until(lambda: p.requests or agent.poll() is not None, "请求没有到服务商")
        agent.send_signal(getattr(signal, first))
        # 两个信号同时挂着时，内核、Python 都按编号从小到大处理（SIGINT 在 SIGTERM 前面）：先等第一个送到
        wait_until(lambda: delivered(agent.pid, getattr(signal, first)), f"{first} 一直没有送到")
        agent.send_signal(getattr(signal, second))
        out, err = agent.communicate(timeout=15)
    finally:
        agent.kill()
    assert agent.returncode == 128 + getattr(signal, first), out + err
    assert err.strip().splitlines() == [f"[已退出] 收到 {first}：程序结束。"], err


@linux_only
@pytest.mark.parametrize("gap", [0.001, 0.003, 0.01])
def test_a_second_signal_while_the_interpreter_exits_does_not_change_the_exit_code(provider, tmp_path, gap):
    """第二个信号来得晚一点，解释器已经在退出、把处理函数换回了默认的：它也不能结束进程、换掉退出码。"""
    p = provider([{"sleep": 30, "then": text_reply("太晚了")}])
    agent = start_agent(p, "你好", cwd=tmp_path)
    try:
        wait_until(lambda: p.requests or agent.poll() is not None, "请求没有到服务商")
        agent.send_signal(signal.SIGQUIT)
        time.sleep(gap)
        agent.send_signal(signal.SIGTERM)
        out, err = agent.communicate(timeout=15)
    finally:
        agent.kill()
    assert agent.returncode == 128 + signal.SIGQUIT, out + err


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="Windows 没有线程的信号掩码")
def test_helper_threads_block_the_ending_signals_from_their_first_instruction():
    """辅助线程（等回复的计时器、读命令输出的线程……）从第一刻起就挡住信号：它要是自己在开头去挡，挡住之前
    落到它身上的 SIGHUP 还没处理，主线程已经处理了后到的 SIGQUIT（忙的机器上就这样以 131 退出过）。
    启动它的线程挡住的信号，启动完原样恢复。"""
    seen = []
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    start_quiet(threading.Thread(target=lambda: seen.append(signal.pthread_sigmask(signal.SIG_BLOCK, [])))).join()
    assert {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGTSTP} <= seen[0]
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before


@linux_only
def test_ctrl_z_stops_the_command_with_the_agent_and_fg_resumes_both_not_counting_the_pause(mark, workdir, provider):
    """Ctrl-Z（SIGTSTP）时命令在它自己的会话里，终端的 Ctrl-Z 到不了它：agent 先停下它，再停下自己；fg（SIGCONT）
    后两个一起接着跑。停着的时间不算进 --command-timeout：超时 8 秒，停了 9 秒，命令再跑 1 秒照样跑完
    （算上停着的时间早就超时了；不算的话，命令一共只跑了一秒多，离 8 秒的余量够很忙的机器用：机器忙到从命令
    启动到 Ctrl-Z 就过了超时，命令会先被结束）。命令先等一个文件出现再开始那 1 秒：Ctrl-Z 落在命令还在跑的时候。"""
    (workdir / "wait.py").write_text(
        "import os, time\nwhile not os.path.exists('go'):\n    time.sleep(0.05)\ntime.sleep(1)\n", encoding="utf-8"
    )
    p = provider([tool_reply(call("run_command", {"command": f"python3 wait.py {mark}"})), text_reply("好")])
    agent = start_agent(p, "--yes", "--command-timeout", "8", "跑一下", cwd=workdir, preexec_fn=own_job)
    try:
        wait_until(lambda: len(leftovers(mark)) == 2 or agent.poll() is not None, "命令没有跑起来")  # sh 和 python3
        pids = list(leftovers(mark))
        agent.send_signal(signal.SIGTSTP)
        stopped = lambda: {state_of(pid) for pid in [agent.pid, *pids]} == {"T"}  # noqa: E731
        wait_until(stopped, "agent 和命令没有一起停下")
        time.sleep(9)
        assert stopped()  # 停着的时候命令也一直停着
        (workdir / "go").write_text("", encoding="utf-8")
        agent.send_signal(signal.SIGCONT)
        out, err = agent.communicate(timeout=30)
    finally:
        agent.kill()
    assert agent.returncode == 0, out + err
    assert "[超过 8 秒" not in out and "退出码：0" in out


# ── agent 的内存：同一用户跑的命令读不到 ─────────────────────────────
PROBE = """
import ctypes, os, subprocess, sys
from support.processes import protect_memory
if os.geteuid() == 0:  # root 读得了任何进程：换成普通用户 nobody，才是“同一个普通用户”的情形
    os.setgid(65534)
    os.setuid(65534)
    ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)  # 换用户会让进程变得不可 dump：先恢复成普通进程的样子
if sys.argv[1] == "protect":
    protect_memory()
seen = subprocess.run(["cat", f"/proc/{os.getpid()}/environ"], capture_output=True)
print(b"probe-secret-4303" in seen.stdout)
"""


@linux_only
@pytest.mark.parametrize("protect", [False, True], ids=["as-is", "protected"])
def test_commands_cannot_read_the_agents_environment_once_memory_is_protected(protect):
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "protect" if protect else "as-is"],
        cwd="/",
        env={**os.environ, "PYTHONPATH": str(ROOT), "PROBE_SECRET": "probe-secret-4303"},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(not protect)]  # 不保护时读得到：测试本身是灵的
