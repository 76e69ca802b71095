"""录音有多大，回放、接着问、做网页就花多少时间和内存：都该和录音的大小成正比，而不是和它的平方。

    python bench/recording_bench.py                 # 量这份代码
    python bench/recording_bench.py --agent 别处的/agent.py   # 量另一份（比如改之前的），数字放在一起比

录音：章节演示那一次（examples/demo-run.jsonl，1×），接着问 10 次、100 次的交互录音（10×、100×，离线演示现录的），
和四份敌意的录音：一个问题里 20,000 次、40,000 次只多一条消息的请求
（2 MB 的文件，每次请求的完整历史加起来有 2 亿条消息；4 MB，8 亿条），和一个问题里 4,000、8,000 轮工具调用
（每轮一个新的调用 id）。
每份都在子进程里跑 --replay、--resume（接着问一个问题，用 --demo）和 --page，记下用时和峰值 RSS。
基准是同一次运行里量的：空闲的 agent（python agent.py --help）的用时和峰值 RSS；比它多出的用时和内存，
除以录音的大小（每 MB 几秒、是录音的几倍）：成正比的话，这两个数不随录音变大而变大。
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fakes.hostile import peak_rss  # noqa: E402  和测试共用：在子进程里量峰值内存

QUESTION = "帮我看看这个项目用了什么技术栈"
TIMEOUT = 300


def env() -> dict:
    """不读任何真实的 key：回放和做网页本来也不用 key。"""
    values = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    values.update(PYTHONIOENCODING="utf-8", OPENAI_BASE_URL="http://127.0.0.1:9/v1")
    return values


def timed(command: list, cwd: Path) -> tuple:
    """(秒, 峰值 RSS MB)；跑不完（超过 TIMEOUT 秒）就是 (None, None)。"""
    started = time.monotonic()
    try:
        rss, _ = peak_rss(command, env(), timeout=TIMEOUT, cwd=cwd)
    except subprocess.TimeoutExpired:
        return None, None
    return time.monotonic() - started, rss


def record_repl(agent: Path, path: Path, work: Path, questions: int) -> None:
    """离线演示的交互模式里接着问 questions 次章节的问题，录下来：对话一直延续，历史一轮比一轮长。"""
    subprocess.run(
        [sys.executable, str(agent), "--demo", "--record", str(path), "-C", str(work)],
        input=(QUESTION + "\n") * questions,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env(),
        check=True,
    )


def hostile(path: Path, requests: int = 20_000) -> None:
    """一个问题里 requests 次请求，每次只比上一次多一条 user 消息（keep 是上一次的全部）。"""
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 10}
    session.update(mode="question", started="2026-12-01T00:00:00+00:00", workdir="w")
    first = [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}]
    lines, length = [json.dumps(session)], 0
    for n in range(1, requests + 1):
        new = first if n == 1 else [{"role": "user", "content": "x"}]
        lines.append(json.dumps({"event": "request", "question": 1, "round": n, "keep": length, "new": new}))
        length += len(new)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def tool_rounds(path: Path, rounds: int = 2_000) -> None:
    """一个问题里 rounds 轮，每轮一个工具调用（id 各不相同）、一条结果：历史里的调用 id 一轮比一轮多，
    每轮都要知道哪些 id 用过了（做网页、接着问时整理历史）。以前每轮把所有 id 重新收集一遍，和轮数的平方成正比。"""
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": rounds + 1}
    session.update(mode="question", started="2026-12-01T00:00:00+00:00", workdir="w")
    lines, length = [json.dumps(session)], 0

    def call(n):
        return {"id": f"c{n}", "type": "function", "function": {"name": "list_files", "arguments": "{}"}}

    for n in range(1, rounds + 1):
        new = [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}]
        if n > 1:
            new = [{"role": "assistant", "content": "", "tool_calls": [call(n - 1)]}]
            new.append({"role": "tool", "tool_call_id": f"c{n - 1}", "content": "x"})
        where = {"question": 1, "round": n}
        lines.append(json.dumps({"event": "request", **where, "keep": length, "new": new}))
        length += len(new)
        message = {"role": "assistant", "content": "", "tool_calls": [call(n)]}
        choice = {"index": 0, "message": message, "finish_reason": "tool_calls"}
        reply = {"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": [choice]}
        lines.append(json.dumps({"event": "reply", **where, "seconds": 0, "reply": reply}))
        tool = {"id": f"c{n}", "name": "list_files", "arguments": "{}", "result": "x", "ran": True, "seconds": 0}
        lines.append(json.dumps({"event": "tool", **where, **tool}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agent", default=str(ROOT / "agent.py"), help="要量的 agent.py")
    agent = Path(parser.parse_args().agent).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        work = tmp / "my-project"
        shutil.copytree(ROOT / "examples" / "my-project", work)
        files = {"1×（章节演示）": tmp / "x1.jsonl"}
        shutil.copy(ROOT / "examples" / "demo-run.jsonl", files["1×（章节演示）"])
        for n in (10, 100):
            files[f"{n}×（接着问 {n} 次）"] = tmp / f"x{n}.jsonl"
            record_repl(agent, files[f"{n}×（接着问 {n} 次）"], work, n)
        for n in (20_000, 40_000):  # 翻一倍：成正比的话，多出的用时和内存也大约翻一倍
            files[f"敌意：{n:,} 次请求"] = tmp / f"hostile{n}.jsonl"
            hostile(files[f"敌意：{n:,} 次请求"], n)
        for n in (4_000, 8_000):
            files[f"敌意：{n:,} 轮工具调用"] = tmp / f"rounds{n}.jsonl"
            tool_rounds(files[f"敌意：{n:,} 轮工具调用"], n)

        start, idle = timed([sys.executable, str(agent), "--help"], tmp)
        print(f"agent：{agent}\n基准：空闲的 agent（--help）{start:.2f} 秒，峰值 RSS {idle:.1f} MB\n")
        print(
            f"{'录音':<22}{'大小':>9}  {'做什么':<9}{'用时':>9}{'多出的':>9}{'每 MB':>9}{'峰值 RSS':>11}"
            f"{'比空闲多':>11}{'是录音的':>9}"
        )
        for name, path in files.items():
            size = path.stat().st_size / 2**20
            for what, args in (
                ("--replay", ["--replay", str(path), "-C", str(work)]),
                (
                    "--resume",
                    ["--resume", str(path), "--demo", "--record", str(tmp / "resumed.jsonl"), "-C", str(work), "你好"],
                ),
                ("--page", ["--page", str(path)]),
            ):
                (tmp / "resumed.jsonl").unlink(missing_ok=True)
                path.with_suffix(".html").unlink(missing_ok=True)
                seconds, rss = timed([sys.executable, str(agent), *args], tmp)
                if seconds is None:
                    print(f"{name:<22}{size:>7.2f}MB  {what:<9}{'超过 ' + str(TIMEOUT) + ' 秒':>9}")
                    continue
                extra, more = rss - idle, max(seconds - start, 0)
                print(
                    f"{name:<22}{size:>7.2f}MB  {what:<9}{seconds:>8.2f}s{more:>8.2f}s{more / size:>8.2f}s"
                    f"{rss:>9.1f}MB{extra:>+9.1f}MB{extra / size:>8.1f}×"
                )


if __name__ == "__main__":
    main()
