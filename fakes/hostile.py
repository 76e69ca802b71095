"""几行 socket 代码扮演的坏服务商：滴答着发、没完没了地发、压缩炸弹、一声不吭。tests/test_limits.py 和
bench/reply_bench.py 都用它们；peak_rss() 在子进程里跑一条命令，量它的峰值内存。"""

import contextlib
import functools
import json
import socket
import subprocess
import sys
import threading
import zlib

from fakes.provider import completion, text_reply


@contextlib.contextmanager
def raw_server(respond):
    """本地 HTTP 服务：读完请求后，把连接交给 respond(conn, stop, 第几个请求)。返回 (base_url, 收到的请求头)。"""
    stop, heads = threading.Event(), []
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.01)  # 每 0.01 秒看一次要不要停：退出时 server.join() 马上返回

    def handle(conn):
        with conn, contextlib.suppress(OSError):
            heads.append(read_request(conn))
            respond(conn, stop, len(heads))

    def serve():
        while not stop.is_set():
            with contextlib.suppress(TimeoutError, socket.timeout):
                conn, _ = listener.accept()
                threading.Thread(target=handle, args=(conn,), daemon=True).start()

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1", heads
    finally:
        stop.set()
        server.join()
        listener.close()


def read_request(conn) -> str:
    """读完一个请求，返回它的请求头（小写）。"""
    data = b""
    while b"\r\n\r\n" not in data:
        data += conn.recv(65536) or b"\r\n\r\n"
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (int(line.split(b":")[1]) for line in head.lower().split(b"\r\n") if line.startswith(b"content-length")), 0
    )
    while len(body) < length:
        body += conn.recv(65536) or b" " * length
    return head.decode("latin-1").lower()


def headers(status=200, **extra):
    lines = [
        f"HTTP/1.1 {status} X",
        "Content-Type: application/json",
        *(f"{k.replace('_', '-')}: {v}" for k, v in extra.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def reply_bytes(content="好的") -> bytes:
    return json.dumps(completion({"model": "m"}, text_reply(content)), ensure_ascii=False).encode()


def send(body: bytes, status=200, **extra):
    def respond(conn, stop, n):
        conn.sendall(headers(status, Content_Length=len(body), **extra) + body)

    return respond


def send_in_two(first: bytes, second: bytes, status=200, **extra):
    """正文分两次发，中间停一下：agent 分两块收到。"""

    def respond(conn, stop, n):
        conn.sendall(headers(status, Content_Length=len(first + second), **extra) + first)
        stop.wait(0.3)
        conn.sendall(second)

    return respond


def drip(conn, stop, n):
    """响应头一下子到，正文每 0.3 秒一个空格（JSON 里空白是合法的）：每次读都不超时。"""
    conn.sendall(headers(Content_Length=10**6))
    while not stop.wait(0.3):
        conn.sendall(b" ")


def drip_headers(conn, stop, n):
    """连响应头都是一个字节一个字节地来。"""
    for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 10_000:
        if stop.wait(0.3):
            return
        conn.sendall(bytes([byte]))


def endless(conn, stop, n, pause=0.0):
    """分块传输，永远不结束：能发多快发多快（pause 秒歇一下）。"""
    conn.sendall(headers(Transfer_Encoding="chunked"))
    block = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
    while not stop.wait(pause):
        conn.sendall(block)


def endless_slowly(conn, stop, n):
    """没完没了，但慢到 OPENAI_TIMEOUT 秒内凑不满 MAX_REPLY_BYTES：停下它的是期限。"""
    endless(conn, stop, n, pause=0.1)


def silent(conn, stop, n):
    stop.wait(60)


@functools.cache
def gzip_bomb() -> bytes:
    """64 MB（16 倍于上限）的空格压成的 gzip，约 300 KB：解压时才知道有多大。"""
    packer = zlib.compressobj(1, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    return b"".join([*(packer.compress(b" " * 2**20) for _ in range(64)), packer.flush()])


def peak_rss(command: list, env: dict, timeout: float = 60, cwd=None) -> tuple:
    """在子进程里跑 command（工作目录 cwd），返回 (它的峰值 RSS MB, 它的 stderr)；它的 stdout 不要。"""
    probe = (
        "import resource, subprocess, sys;"
        "r = subprocess.run(sys.argv[1:], capture_output=True, text=True, encoding='utf-8');"
        "sys.stdout.write(r.stdout); sys.stderr.write(r.stderr);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, *command],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=timeout,
        cwd=cwd,
    )
    *rest, peak_kb = result.stderr.strip().splitlines()
    return int(peak_kb) / 1024, "\n".join(rest)
