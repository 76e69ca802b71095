"""敌意的服务商：一个回复最多花多少时间、占多少内存。都和同一次运行里的基准（一个正常的小回复）相比。

    python bench/reply_bench.py

每个场景在子进程里跑 python agent.py "你好"（OPENAI_TIMEOUT=3，OPENAI_MAX_RETRIES=2），记下峰值 RSS 和用时：
- 基准：正常的小回复；接近上限的大回复（逐块找 key、解压的开销）；
- 没完没了的分块正文（能发多快发多快 / 每 0.1 秒 64 KB）、每 0.3 秒一个字节的正文、一个字节一个字节来的响应头、
  一声不吭的服务商、64 MB 的 gzip 炸弹；
- 要 agent 等很久再重试的：Retry-After 是 40 秒后的 HTTP 日期、400 带 x-should-retry: true，
  以及很快地连着回 500（OPENAI_MAX_RETRIES=10，SDK 自己的退避最多 8 秒）。
上限：support/http.py 的 MAX_REPLY_BYTES 和 OPENAI_TIMEOUT。“请求到退出”从服务商收到（第一个）请求算起，
不含启动 Python、import openai 的时间（机器忙时那一段忽快忽慢）。
"""

import email.utils
import gzip
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fakes.hostile import (  # noqa: E402  和 tests/test_limits.py 共用的坏服务商
    drip,
    drip_headers,
    endless,
    endless_slowly,
    gzip_bomb,
    peak_rss,
    raw_server,
    reply_bytes,
    send,
    silent,
)
from support.http import MAX_REPLY_BYTES  # noqa: E402

TIMEOUT = 3


def peak_rss_mb(url, timeout, retries) -> tuple:
    """在子进程里跑 python agent.py "你好"，对着 url：(峰值 RSS MB, stderr)。不读任何真实的 key 和 .env 里的地址。"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update(
        OPENAI_API_KEY="sk-bench-0123456789",
        OPENAI_BASE_URL=url,
        MODEL="bench-model",
        OPENAI_TIMEOUT=str(timeout),
        OPENAI_MAX_RETRIES=str(retries),
        PYTHONIOENCODING="utf-8",
    )
    return peak_rss([sys.executable, str(ROOT / "agent.py"), "你好"], env)


def measure(respond, retries=2) -> tuple[float, float, str]:
    """(峰值 RSS MB, 从收到请求到 agent 退出的秒数, agent 打印的错误行)"""
    arrived = []

    def timed(conn, stop, n):
        arrived.append(time.monotonic())
        respond(conn, stop, n)

    with raw_server(timed) as (url, _):
        peak, stderr = peak_rss_mb(url, TIMEOUT, retries)
        took = time.monotonic() - arrived[0]
    return peak, took, " ".join(stderr.splitlines())[:60] or "（正常回答）"


ERROR = b'{"error": {"message": "slow down"}}'


def retry_in_40_seconds(conn, stop, n):
    send(ERROR, status=429, Retry_After=email.utils.formatdate(time.time() + 40, usegmt=True))(conn, stop, n)


def main():
    gzip_bomb()  # 先做好炸弹，不算进用时
    big = gzip.compress(reply_bytes("大回复" * 450_000))  # 解压后约 4 MB，在上限之内
    cases = [
        ("基准：正常的小回复", send(reply_bytes())),
        ("约 4 MB 的正常回复（gzip）", send(big, Content_Encoding="gzip")),
        ("没完没了的正文（全速）", endless),
        ("没完没了的正文（每 0.1 秒 64 KB）", endless_slowly),
        ("正文每 0.3 秒一个字节", drip),
        ("响应头每 0.3 秒一个字节", drip_headers),
        ("一声不吭（会重试的设置下）", silent),
        ("gzip 炸弹（64 MB 解压前约 300 KB）", send(gzip_bomb(), Content_Encoding="gzip")),
        ("429，Retry-After 是 40 秒后的 HTTP 日期", retry_in_40_seconds),
        ("400，x-should-retry: true，Retry-After: 30", send(ERROR, status=400, X_Should_Retry="true", Retry_After=30)),
        ("很快地连着回 500（OPENAI_MAX_RETRIES=10）", (send(ERROR, status=500), 10)),
    ]
    print(f"上限：OPENAI_TIMEOUT={TIMEOUT} 秒（含重试），MAX_REPLY_BYTES={MAX_REPLY_BYTES / 2**20:g} MB\n")
    print("峰值 RSS   比基准多   请求到退出  场景 → 结果")
    base_rss = None
    for name, respond in cases:
        rss, took, said = measure(*respond) if isinstance(respond, tuple) else measure(respond)
        base_rss = rss if base_rss is None else base_rss
        print(f"{rss:7.1f}MB {rss - base_rss:+7.1f}MB {took:9.2f}s   {name} → {said}")


if __name__ == "__main__":
    main()
