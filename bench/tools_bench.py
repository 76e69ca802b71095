"""工具在大项目上的开销，和同一次运行里测得的基准相比。

    python bench/tools_bench.py

在临时目录里自己造数据（约 200 MB 的源码树、一个 200 MB 的文件、一个 10 万项的目录），跑完删掉。
- search_files：少见的词对比 grep -rnIF（同样的排除规则），常见的词对比 grep 的完整扫描；
- read_file：200 MB 文件的耗时和进程峰值内存，对比章节里 open().read() 整个读进来；
  跳到文件末尾附近的 offset，对比原来的逐行读过去；之后按提示翻页，每页的耗时；
- list_files：10 万项的目录，对比 sorted(os.listdir())；
- 命名管道：read_file 读一个 FIFO 的耗时；树里散着 FIFO 时 search_files 的耗时，对比没有 FIFO；
- run_command：命令输出 400 MB 时 agent 进程的峰值内存，对比空闲时。
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tools  # noqa: E402

RARE, COMMON = "zebra_unicorn_42", "import"
GREP_EXCLUDES = [
    "--exclude-dir=node_modules",
    "--exclude-dir=.*",
    "--exclude-dir=__pycache__",
    "--exclude=.env",
    "--exclude=.env.*",
]


def best_of(n, fn):
    """跑 n 次取中位数（秒）。"""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def make_tree(root: Path, files=20_000, size=10_000):
    """约 files × size 字节的源码树；另有 node_modules 和 .git 里的噪音（不该被搜）。"""
    line = b"import os  # some ordinary source line with words in it\n"
    body = line * (size // len(line))
    for i in range(files):
        d = root / "src" / f"pkg{i // 200:03d}"
        if i % 200 == 0:
            d.mkdir(parents=True)
        extra = f"\n{RARE}\n".encode() if i % 5000 == 1234 else b""
        (d / f"mod{i:05d}.py").write_bytes(body + extra)
    for noise in ("node_modules/lib", ".git/objects"):
        (root / noise).mkdir(parents=True)
        for i in range(500):
            (root / noise / f"n{i}.js").write_bytes(body + RARE.encode())


def grep(query, root, *extra):
    # 不写目录参数：grep -r 默认搜当前目录（写 "." 会被 --exclude-dir=.* 整个排除掉）
    return subprocess.run(["grep", "-rnIF", *extra, *GREP_EXCLUDES, query], cwd=root, capture_output=True).stdout


def peak_rss_mb(code: str, cwd: Path) -> tuple[float, float]:
    """在新的子进程里跑一段代码，返回 (耗时秒, 峰值内存 MB)。

    峰值内存读 /proc/self/status 的 VmHWM：它属于这个进程自己；ru_maxrss 会从父进程继承，不准。
    """
    script = (
        f"import sys, time; sys.path.insert(0, {str(ROOT)!r})\n" + code + "\n"
        "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
        "print(ELAPSED, hwm)"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024  # VmHWM 的单位是 kB


def fifos(tree: Path):
    """命名管道（开发服务器的日志管道、mkfifo 剩下的）：工具不能卡在上面，也不该因此变慢。"""
    without = best_of(5, lambda: tools.search_files(RARE))
    for i in range(0, 100, 10):  # 10 个目录里各放一个 FIFO
        os.mkfifo(tree / "src" / f"pkg{i:03d}" / "dev.log")
    with_fifos = best_of(5, lambda: tools.search_files(RARE))
    print(
        f"search_files 树里有 10 个 FIFO：{with_fifos * 1000:7.1f} ms，没有 FIFO {without * 1000:7.1f} ms，"
        f"比值 {with_fifos / without:.2f}×（目标 ≈ 1×）"
    )
    fifo_read = best_of(5, lambda: tools.dispatch_tool("read_file", {"path": "src/pkg000/dev.log"}))
    assert "命名管道" in tools.dispatch_tool("read_file", {"path": "src/pkg000/dev.log"})
    print(f"read_file 读一个 FIFO：{fifo_read * 1000:7.3f} ms（目标 < 100 ms：马上说明它是命名管道，不等）")


def far_offset(tmp: Path, offset: int = 3_000_000):
    """read_file 跳到很远的 offset（big.log 约 308 万行）：按 1 MB 一块数换行符，对比原来的逐行 read_line；
    之后顺着结果里的 offset 提示翻页，从上一页停下的地方接着读，不再从头数。"""
    code_ours = (
        f"import tools; t = time.perf_counter(); r = tools.read_file('big.log', offset={offset}); "
        "ELAPSED = time.perf_counter() - t"
    )
    code_base = "from support.workspace import read_line; f = open('big.log', 'rb'); t = time.perf_counter()\n"
    code_base += f"for _ in range({offset}): read_line(f, 2000)\n"  # 原来的做法：一行一行读过去
    code_base += "ELAPSED = time.perf_counter() - t"
    t_ours, _ = peak_rss_mb(code_ours, tmp)
    t_base, _ = peak_rss_mb(code_base, tmp)
    os.chdir(tmp)
    pages = [tools.read_file("big.log", offset=offset)]

    def next_page():  # 用上一页末尾提示的 offset
        pages.append(tools.read_file("big.log", offset=int(pages[-1].rsplit("offset=", 1)[1].split()[0])))

    page = best_of(20, next_page)
    print(
        f"\nread_file offset={offset:,}（200 MB 文件的末尾）：{t_ours * 1000:7.1f} ms，"
        f"逐行读过去 {t_base * 1000:7.1f} ms，比值 {t_ours / t_base:.3f}×；接着翻页每页 {page * 1000:.2f} ms"
    )


def command_output(tmp: Path):
    """run_command 边读边丢：命令输出再多，agent 进程的内存也不涨。"""
    prelude = "import agent, tools; yes = tools.Options(auto_approve=True); "
    code_big = (
        prelude + "t = time.perf_counter(); r = tools.run_command('yes | head -c 400000000', options=yes); "
        "ELAPSED = time.perf_counter() - t; assert '省略了 399' in r, r[-300:]"
    )
    code_idle = prelude + "r = tools.run_command('true', options=yes); ELAPSED = 0"
    t_big, rss_big = peak_rss_mb(code_big, tmp)
    _, rss_idle = peak_rss_mb(code_idle, tmp)
    t_shell = best_of(1, lambda: subprocess.run("yes | head -c 400000000 > /dev/null", shell=True, check=True))
    print(
        f"\nrun_command 命令输出 400 MB：agent 进程峰值内存 {rss_big:6.1f} MB，空闲时 {rss_idle:6.1f} MB，"
        f"多出 {rss_big - rss_idle:.1f} MB（目标 < 50 MB）"
    )
    print(f"  耗时 {t_big:.2f} 秒，shell 直接写进 /dev/null {t_shell:.2f} 秒，比值 {t_big / t_shell:.1f}×")


def main():
    if not shutil.which("grep") or not os.path.exists("/proc/self/status"):
        sys.exit("这个基准要在 Linux 上跑：需要 grep 和 /proc")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        tree = tmp / "tree"
        started = time.perf_counter()
        make_tree(tree)
        print(f"造了一棵源码树：20,000 个文件，约 200 MB（{time.perf_counter() - started:.1f} 秒）\n")
        os.chdir(tree)
        grep(RARE, tree)  # 先把文件读进页缓存，两边公平

        ours = best_of(5, lambda: tools.search_files(RARE))
        base = best_of(5, lambda: grep(RARE, tree))
        hits = tools.search_files(RARE).count("\n") + 1
        assert grep(RARE, tree).count(b"\n") == hits, "grep 和 search_files 找到的不一样"
        print(
            f"search_files 少见的词（{hits} 处）：{ours * 1000:7.1f} ms，grep -rnIF {base * 1000:7.1f} ms，"
            f"比值 {ours / base:.2f}×（目标 ≤ 1.5×）"
        )
        ours = best_of(5, lambda: tools.search_files(COMMON))
        base = best_of(3, lambda: grep(COMMON, tree))
        print(
            f"search_files 常见的词（满 50 条就停）：{ours * 1000:7.1f} ms，grep 完整扫描 {base * 1000:7.1f} ms，"
            f"比值 {ours / base:.3f}×（目标 < 0.10×）"
        )
        fifos(tree)

        big = tmp / "big.log"
        with open(big, "wb") as f:
            chunk = b"2026-11-29 12:00:00 INFO request handled in 12 ms path=/api/items\n" * 16384
            while f.tell() < 200 * 1024 * 1024:
                f.write(chunk)
        code_ours = (
            "import tools; t = time.perf_counter(); r = tools.read_file('big.log'); ELAPSED = time.perf_counter() - t"
        )
        code_base = (
            "t = time.perf_counter(); r = open('big.log', encoding='utf-8').read(); ELAPSED = time.perf_counter() - t"
        )
        code_empty = "import tools; ELAPSED = 0"
        t_ours, rss_ours = peak_rss_mb(code_ours, tmp)
        t_base, rss_base = peak_rss_mb(code_base, tmp)
        _, rss_empty = peak_rss_mb(code_empty, tmp)
        print(
            f"\nread_file 200 MB 文件：{t_ours * 1000:7.1f} ms，整个读进来 {t_base * 1000:7.1f} ms，"
            f"比值 {t_ours / t_base:.4f}×（目标 < 50 ms）"
        )
        print(
            f"  进程峰值内存：{rss_ours:6.1f} MB，整个读进来 {rss_base:6.1f} MB，"
            f"比值 {rss_ours / rss_base:.3f}×（目标 < 100 MB；只 import 不读是 {rss_empty:.1f} MB）"
        )
        far_offset(tmp)

        wide = tmp / "wide"
        wide.mkdir()
        for i in range(100_000):
            (wide / f"file{i:06d}.txt").touch()
        os.chdir(wide)
        ours = best_of(5, lambda: tools.list_files("."))
        base = best_of(5, lambda: sorted(os.listdir(".")))
        print(
            f"\nlist_files 10 万项的目录：{ours * 1000:7.1f} ms，sorted(os.listdir) {base * 1000:7.1f} ms，"
            f"比值 {ours / base:.2f}×"
        )
        os.chdir(ROOT)
        command_output(tmp)
    print(f"\n总耗时 {time.perf_counter() - started:.1f} 秒")


if __name__ == "__main__":
    main()
