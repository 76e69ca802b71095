"""上限：一个回复最多等 OPENAI_TIMEOUT 秒（含重试）、最多 MAX_REPLY_BYTES 字节；key 不上屏幕；
启动时（.env、key、Ctrl-C）的问题只有一行；内存不够、太长的整数、磁盘满了不算 agent 的 bug。

服务商用几行 socket 代码扮演（fakes/hostile.py）：滴答着发、没完没了地发、压缩炸弹、一声不吭。
"""

import email.utils
import gzip
import json
import os
import signal
import subprocess
import sys
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import pytest
import spawn
from conftest import AGENT, ROUNDS, cli_env, default_sigint, our_tool, posix_only, run_main, sent, tool_results

from fakes.hostile import (
    drip,
    drip_headers,
    endless,
    endless_slowly,
    gzip_bomb,
    peak_rss,
    raw_server,
    reply_bytes,
    send,
    send_in_two,
    silent,
)
from fakes.provider import call, completion, text_reply, tool_reply
from support.errors import internal_error
from support.http import MAX_REPLY_BYTES

KEY = "sk-test-SECRET-0123456789abcdef"  # 认得出来的假 key：哪一行输出里都不许有它
TIMEOUT = 2  # 测超时的测试里的 OPENAI_TIMEOUT
PATIENT = 30  # 回复本来就会到的测试：机器再忙也等得到
MARGIN = 4  # 机器忙时的余量：仍远小于没有上限时的等待（滴答的服务商能等几个小时）


def ask(url, *, timeout=PATIENT, retries=2, key=KEY):
    return run_main(
        "你好", OPENAI_BASE_URL=url, OPENAI_API_KEY=key, OPENAI_TIMEOUT=str(timeout), OPENAI_MAX_RETRIES=str(retries)
    )


def one_error_line(result):
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("[错误]"), result.stderr
    assert "Traceback" not in (result.stdout or "") + result.stderr
    return lines[0]


# ── 一个回复最多等 OPENAI_TIMEOUT 秒，重试也算在里面 ─────────────
@pytest.mark.parametrize(
    "respond",
    [drip, drip_headers, endless_slowly, silent],
    ids=lambda f: f.__name__,
)
def test_a_reply_takes_at_most_openai_timeout_in_total(workdir, respond):
    """每次读都在 0.3 秒内有东西来（或者一声不吭）：SDK 自己的读超时永远不到，停下它的只能是 OPENAI_TIMEOUT。"""
    with raw_server(respond) as (url, count):
        started = time.monotonic()
        result = ask(url, timeout=1)
        took = time.monotonic() - started
    line = one_error_line(result)
    assert result.returncode == 1
    assert 1 - 0.2 <= took < 1 + MARGIN, took
    assert "OPENAI_TIMEOUT=1 " in line and "超时" in line
    assert len(count) <= 1  # 超时不重试：期限已经用完了（机器很忙时，服务还没读完请求期限就到了：0 个）


def test_retries_share_the_deadline(workdir):
    """每次都慢吞吞地回 500：SDK 会重试，但所有的尝试加起来也不超过 OPENAI_TIMEOUT。"""

    def slow_error(conn, stop, n):
        stop.wait(0.8)
        send(b'{"error": {"message": "busy"}}', status=500)(conn, stop, n)

    with raw_server(slow_error) as (url, count):
        started = time.monotonic()
        result = ask(url, timeout=TIMEOUT, retries=5)
        took = time.monotonic() - started
    line = one_error_line(result)  # 到点时正在等：说超时；留不出时间再试：报服务商最后说的 500
    assert "OPENAI_TIMEOUT" in line or ("500" in line and "busy" in line), line
    assert took < TIMEOUT + MARGIN and len(count) >= 2  # 试过不止一次，但没有试满 6 次、等满退避


def in_40_seconds():
    return email.utils.formatdate(time.time() + 40, usegmt=True)


@pytest.mark.parametrize(
    "status, extra",
    [
        (429, {"Retry_After": "30"}),
        (429, {"Retry_After_Ms": "30000"}),
        (429, {"Retry_After": in_40_seconds}),  # HTTP 日期：SDK 也照它等
        (400, {"X_Should_Retry": "true", "Retry_After": "30"}),  # 服务商说要重试的 400：SDK 也重试
        (503, {"Retry_After": in_40_seconds}),
    ],
    ids=["seconds", "ms", "date", "x-should-retry", "503-date"],
)
def test_a_retry_after_longer_than_the_time_left_is_not_waited_for(workdir, status, extra):
    body = b'{"error": {"message": "slow down"}}'
    extra = {name: value() if callable(value) else value for name, value in extra.items()}
    with raw_server(send(body, status=status, **extra)) as (url, count):
        started = time.monotonic()
        result = ask(url, timeout=5)
        took = time.monotonic() - started
    line = one_error_line(result)
    assert str(status) in line and "slow down" in line and "超时" not in line
    assert took < MARGIN and len(count) == 1


def test_the_sdks_own_backoff_fits_in_the_time_left(workdir):
    """很快地回 500、OPENAI_MAX_RETRIES=10：SDK 的退避（0.5、1、2、4、8 秒）等不起了就不再重试，报服务商的 500。"""
    with raw_server(send(b'{"error": {"message": "busy"}}', status=500)) as (url, count):
        started = time.monotonic()
        result = ask(url, timeout=2, retries=10)
        took = time.monotonic() - started
    line = one_error_line(result)
    assert "500" in line and "busy" in line and "超时" not in line, line  # 没有修时：等过了期限，报超时
    assert 2 <= len(count) <= 6 and took < 2 + MARGIN


def test_a_connection_that_keeps_dropping_says_so_within_the_timeout(workdir):
    """读完请求就挂断：SDK 重试前的退避等不起时，直接说连不上（不是等过了期限再报超时）。"""
    with raw_server(lambda conn, stop, n: None) as (url, count):
        started = time.monotonic()
        result = ask(url, timeout=4, retries=10)
        took = time.monotonic() - started
    line = one_error_line(result)
    assert "连不上" in line and "超时" not in line, line
    assert len(count) >= 2 and took < 4 + MARGIN


# ── 最多 MAX_REPLY_BYTES 字节，解压后算 ──────────────────────────
def test_an_oversized_reply_is_refused_naming_the_limit(workdir):
    with raw_server(send(reply_bytes("x" * (MAX_REPLY_BYTES + 1000)))) as (url, count):
        result = ask(url)
    line = one_error_line(result)
    assert "MAX_REPLY_BYTES" in line and len(count) == 1  # 太大不重试
    assert "xxxx" not in result.stdout


def test_an_endless_fast_reply_stops_at_the_byte_limit(workdir):
    with raw_server(endless) as (url, count):
        started = time.monotonic()
        result = ask(url)
    assert "MAX_REPLY_BYTES" in one_error_line(result)
    assert time.monotonic() - started < MARGIN and len(count) == 1


def test_a_gzip_bomb_is_refused(workdir):
    with raw_server(send(gzip_bomb(), Content_Encoding="gzip")) as (url, count):
        started = time.monotonic()
        result = ask(url)
    assert "MAX_REPLY_BYTES" in one_error_line(result)
    assert time.monotonic() - started < MARGIN and len(count) == 1


@pytest.mark.parametrize("encoding", ["br", "zstd", "gzip, br"])
def test_an_unknown_encoding_is_refused_naming_it(workdir, encoding):
    with raw_server(send(b"\x00garbage", Content_Encoding=encoding)) as (url, count):
        line = one_error_line(ask(url))
    assert encoding in line and "gzip" in line


def test_broken_gzip_is_a_bad_reply_not_a_crash(workdir):
    with raw_server(send(b"\x1f\x8b\x08\x00garbage" * 10, Content_Encoding="gzip")) as (url, count):
        line = one_error_line(ask(url))
    assert "压缩数据是坏的" in line and len(count) == 1


def test_gzip_followed_by_garbage_is_refused_clearly(workdir):
    with raw_server(send(gzip.compress(reply_bytes()) + b"garbage", Content_Encoding="gzip")) as (url, count):
        line = one_error_line(ask(url))
    assert "压缩数据是坏的" in line and len(count) == 1


@pytest.mark.parametrize(
    "encoding, pack",
    [
        ("identity", lambda data: data),
        ("gzip", gzip.compress),
        ("deflate", zlib.compress),  # 带 zlib 头的 deflate
        ("deflate", lambda data: zlib.compress(data, wbits=-zlib.MAX_WBITS)),  # 裸 deflate
        ("gzip", lambda data: gzip.compress(data[:1000]) + gzip.compress(data[1000:]) + b"\0\0"),  # 两段 gzip
    ],
)
def test_normal_replies_still_work_compressed_or_not(workdir, encoding, pack):
    answer = "大回复" * 300_000  # 2.7 MB：在上限之内
    with raw_server(send(pack(reply_bytes(answer)), Content_Encoding=encoding)) as (url, count):
        result = ask(url)
    assert result.returncode == 0, result.stderr
    assert answer in result.stdout


@pytest.mark.parametrize("wbits", [zlib.MAX_WBITS, -zlib.MAX_WBITS], ids=["zlib", "raw"])
def test_deflate_whose_first_read_is_one_byte_still_works(workdir, wbits):
    packed = zlib.compress(reply_bytes("拆开的"), wbits=wbits)
    with raw_server(send_in_two(packed[:1], packed[1:], Content_Encoding="deflate")) as (url, count):
        result = ask(url)
    assert result.returncode == 0 and "拆开的" in result.stdout, result.stderr


def test_the_request_offers_only_encodings_the_agent_decodes(workdir):
    with raw_server(send(reply_bytes())) as (url, requests):
        assert ask(url).returncode == 0
    assert "\r\naccept-encoding: gzip, deflate\r\n" in requests[0] + "\r\n"


# ── 内存：没完没了的回复也只占有限的内存（子进程里量峰值 RSS）────────
def peak_rss_mb(url, timeout=PATIENT, retries=2):
    """在子进程里问一个问题，返回 (峰值 RSS MB, stderr)。"""
    env = cli_env(None, OPENAI_BASE_URL=url, OPENAI_API_KEY=KEY, OPENAI_TIMEOUT=str(timeout))
    env["OPENAI_MAX_RETRIES"] = str(retries)
    return peak_rss([sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "你好"], env)


@posix_only("峰值内存用 resource 量")
def test_endless_and_bomb_replies_use_bounded_memory(workdir):
    with raw_server(send(reply_bytes())) as (url, count):
        baseline, _ = peak_rss_mb(url)

    def measure(respond):
        with raw_server(respond) as (url, count):
            return peak_rss_mb(url, timeout=1)  # 停在 4 MB 或者 1 秒：哪条线先到都一样，内存都不涨

    hostile = (endless, send(gzip_bomb(), Content_Encoding="gzip"), drip)
    with ThreadPoolExecutor(len(hostile)) as pool:  # 三个各自的服务、各自的子进程（各量各的峰值）：一起跑，不用一个个等
        measured = list(pool.map(measure, hostile))
    for respond, (peak, stderr) in zip(hostile, measured, strict=True):
        assert stderr.startswith("[错误]") and "Traceback" not in stderr
        assert peak - baseline < 8 * MAX_REPLY_BYTES / 2**20 + 32, (respond, peak, baseline)  # 没有上限时涨到几 GB


# ── key：格式不对是配置错误；哪一行输出里都没有它 ──────────────────
@pytest.mark.parametrize(
    "key, words",
    [
        ("sk-fullwidth-ｋｅｙ", ["第 14 个字符", "U+FF4B", "FULLWIDTH LATIN SMALL LETTER K"]),
        ("sk-zero\u200bwidth", ["第 8 个字符", "U+200B", "ZERO WIDTH SPACE"]),
        ("sk-line\nbreak", ["第 8 个字符", "换行"]),
        ("sk-with space", ["第 8 个字符", "空格"]),
        ("sk-tab\tinside", ["第 7 个字符", "制表符"]),
        ("sk-del\x7fkey", ["第 7 个字符", "控制字符 U+007F"]),
    ],
)
def test_a_malformed_key_is_a_configuration_error_that_never_prints_the_key(workdir, key, words):
    result = run_main("你好", OPENAI_API_KEY=key)
    assert result.returncode == 2
    line = one_error_line(result)
    assert "OPENAI_API_KEY" in line and all(w in line for w in words), line
    assert key not in result.stderr and key.split()[0][3:] not in line


def test_a_key_the_provider_echoes_back_is_masked(workdir):
    """服务商（或它前面的代理）在错误里原样回显 key：401 的 JSON、不是 JSON 的 200、带 Bearer 的都一样。"""
    replies = [
        send(json.dumps({"error": {"message": f"Incorrect API key provided: {KEY}"}}).encode(), status=401),
        send(f"<html>debug: Authorization: Bearer {KEY} ok</html>".encode()),
        send_in_two(f"not json {KEY[:10]}".encode(), f"{KEY[10:]} end".encode()),  # key 被切在两块之间
        send(b'{"error": {"message": "token Bearer other-secret-token-123 rejected"}}', status=403),
    ]
    for respond in replies:
        with raw_server(respond) as (url, count):
            result = ask(url)
        line = one_error_line(result)
        assert KEY not in result.stdout + result.stderr and "other-secret-token" not in line, line
        assert "***" in line, line


def test_a_key_written_into_the_base_url_is_masked_in_every_error_line(workdir):
    """有人把 key 写进了地址（http://host/sk-…/v1）：回了 200 却不是 chat completion、连不上，提示里都遮住 key。"""
    for respond in (send(b"<html>hello</html>"), None):
        if respond is None:
            result = ask(f"http://127.0.0.1:9/{KEY}/v1", retries=0)
        else:
            with raw_server(respond) as (url, count):
                result = ask(f"{url}/{KEY}", retries=0)
        line = one_error_line(result)
        assert KEY not in result.stdout + result.stderr and "/***" in line, line


def json_escaped(key: str, where) -> str:
    """key 里 where 这些位置的字符写成 JSON 转义 \\uXXXX（upper：十六进制用大写）。"""
    return "".join(f"\\u{ord(c):04X}" if i in where else c for i, c in enumerate(key))


@pytest.mark.parametrize(
    "escaped",
    [json_escaped(KEY, {0}), json_escaped(KEY, range(len(KEY))), json_escaped(KEY, {9, 10})],
    ids=["first", "all", "middle"],
)
def test_a_key_the_provider_echoes_json_escaped_is_masked(workdir, escaped):
    """SDK 解码 JSON 后，\\u0073k-… 就是 key：200 的回复内容、不能用的回复、被切在两块之间的，都换成 ***。"""
    good = json.dumps(completion({"model": "m"}, text_reply("你的请求头：X"))).replace("X", escaped).encode()
    bad = ('{"headers": {"authorization": "' + escaped + '"}}').encode()
    half = len(good) - len(escaped) // 2 - 10
    for respond in (send(good), send(bad), send_in_two(good[:half], good[half:])):
        with raw_server(respond) as (url, count):
            result = ask(url)
        assert KEY not in result.stdout + result.stderr
        assert "***" in result.stdout + result.stderr, (result.stdout, result.stderr)


def test_error_lines_mask_bearer_and_the_request_key():
    import httpx2 as httpx
    import openai

    request = httpx.Request("POST", "http://x/v1", headers={"Authorization": f"Bearer {KEY}"})
    assert KEY not in internal_error(RuntimeError(f"Illegal header value b'Bearer {KEY}\\n'"))
    try:
        raise ValueError(f"raw {KEY}") from httpx.ConnectError("refused", request=request)
    except ValueError as e:
        assert KEY not in internal_error(e)  # 起因的请求头里带着 key
    client = openai.OpenAI(api_key=KEY, base_url="http://127.0.0.1:9/v1")
    try:  # openai 3.60 起，SDK 的异常里的请求不再带 key：ask() 把 client 交给 internal_error，它的 key 照样遮住
        raise ValueError(f"raw {KEY}") from openai.APIConnectionError(request=request)
    except ValueError as e:
        assert KEY not in internal_error(e, client)


# ── .env 读不了、不是 UTF-8：一行，退出码 2 ─────────────────────────
def write_env(workdir, data: bytes):
    (workdir / ".env").write_bytes(data)


def test_a_gbk_comment_in_env_is_harmless(workdir):
    write_env(workdir, "# 中文注释（记事本存成了 GBK）\n".encode("gbk") + f"OPENAI_API_KEY={KEY}\n".encode())
    result = run_main("你好")  # 地址是 127.0.0.1:9，连不上：走到这一步说明 .env 读好了
    assert result.returncode == 1 and "连不上" in one_error_line(result)


def test_a_gbk_setting_in_env_names_the_line(workdir):
    write_env(workdir, b"# ok\n" + "MODEL=模型\n".encode("gbk"))
    result = run_main("你好")
    line = one_error_line(result)
    assert result.returncode == 2 and "第 2 行" in line and "UTF-8" in line and ".env" in line


def test_a_huge_env_file_is_one_line_not_read_into_memory(workdir):
    with open(workdir / ".env", "wb") as f:
        f.write(b"# " + b"x" * (2 * 2**20) + b"\n")  # 2 MB：不是设置文件该有的大小
    result = run_main("你好")
    line = one_error_line(result)
    assert result.returncode == 2 and ".env" in line and "太大了" in line


def test_a_password_in_the_base_url_is_a_configuration_error_and_never_shown(workdir):
    result = run_main("你好", OPENAI_BASE_URL="http://alice:hunter2-secret@127.0.0.1:9/v1", OPENAI_API_KEY=KEY)
    line = one_error_line(result)
    assert result.returncode == 2 and "OPENAI_BASE_URL=http://***@127.0.0.1:9/v1" in line and "user:密码@" in line
    assert "hunter2" not in result.stdout + result.stderr and KEY not in result.stdout + result.stderr


@posix_only("用 resource.setrlimit 和 preexec_fn 限制内存")
def test_running_out_of_memory_at_start_up_is_one_line(workdir):
    """录音大得（或者机器小得）解析时内存不够：一行说是什么，没有 traceback。"""
    import resource

    recording = workdir / "big.jsonl"
    session = {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 1}
    pad = json.dumps({"event": "x", "pad": [[]] * 5_000_000}, separators=(",", ":"))  # 15 MB 一行，解析出来几百 MB
    recording.write_text(json.dumps(session) + "\n" + pad + "\n", encoding="utf-8")

    def small():
        resource.setrlimit(resource.RLIMIT_AS, (300 * 2**20, 300 * 2**20))  # 启动要约 150 MB

    result = subprocess.run(
        [sys.executable, str(AGENT), "--page", str(recording)],
        env=cli_env(None),
        capture_output=True,
        text=True,
        encoding="utf-8",
        preexec_fn=small,
        timeout=60,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 1 and result.stderr.count("\n") == 1 and "内存不够" in result.stderr


def test_a_utf8_bom_in_env_is_ignored(workdir):
    write_env(workdir, f"\ufeffOPENAI_API_KEY={KEY}\n".encode())
    result = run_main("你好")
    assert result.returncode == 1 and "连不上" in one_error_line(result)


@posix_only("符号链接指到 /proc/self/mem", needs="/proc/self/mem")
def test_an_unreadable_env_is_one_line(workdir):
    (workdir / ".env").symlink_to("/proc/self/mem")  # 是普通文件，读它却出错（root 也一样）
    result = run_main("你好")
    line = one_error_line(result)
    assert result.returncode == 2 and "读不了" in line and ".env" in line


SYMLINKS = posix_only("符号链接在 Windows 上要特权")


def fifo(path):
    os.mkfifo(path)


@pytest.mark.parametrize(
    "make, words",
    [
        pytest.param(fifo, "不是普通文件（是命名管道）", marks=posix_only("用 mkfifo")),  # 读它会一直等
        (os.mkdir, "不是普通文件（是目录）"),
        pytest.param(  # 读它永远读不完
            lambda path: path.symlink_to("/dev/zero"), "不是普通文件（是设备）", marks=posix_only("指到 /dev/zero")
        ),
        pytest.param(lambda path: path.symlink_to("no-such-file"), "链接指向的文件不存在", marks=SYMLINKS),
        pytest.param(lambda path: path.symlink_to(path.name), "绕成了圈", marks=SYMLINKS),
        (lambda path: path.write_bytes(b"\0" * 100 + b"OPENAI_API_KEY=sk-x\n"), "第 1 行有 NUL 字节"),
        (
            lambda path: path.write_text('MODEL=m\nOPENAI_API_KEY="sk-x\n# 引号没配对\n', encoding="utf-8"),
            "第 2 行解析不了",
        ),
    ],
    ids=["fifo", "directory", "dev-zero", "dangling-link", "looping-link", "nul", "open-quote"],
)
def test_an_env_that_exists_but_cannot_be_used_is_named(workdir, make, words):
    """.env 在、却用不了：说是哪个文件、为什么（不是“没有配置 OPENAI_API_KEY，请先 cp .env.example .env”）。"""
    make(workdir / ".env")
    result = run_main("你好", timeout=10)
    line = one_error_line(result)
    assert result.returncode == 2 and str(workdir / ".env") in line and words in line, line
    assert "cp .env.example" not in line


@our_tool("read_file")
def test_a_hard_link_to_the_env_file_of_the_work_dir_is_kept_back(provider, workdir):
    """-C DIR：DIR 里的 .env 是配置，它的硬链接换了名字也不许读（agent 启动时在别的目录）。"""
    project = workdir / "project"
    project.mkdir()
    (project / ".env").write_text("OPENAI_API_KEY=sk-in-the-work-dir\n", encoding="utf-8")
    os.link(project / ".env", project / "notes.txt")
    p = provider([tool_reply(call("read_file", {"path": "notes.txt"})), text_reply("好")])
    result = run_main("-C", str(project), "看看", p=p)
    assert result.returncode == 0, result.stderr
    [read] = tool_results(sent(p, 1))
    assert read.startswith("错误：") and "sk-in-the-work-dir" not in read, read


@posix_only("chmod(0) 在 Windows 上挡不住读")
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root 读得了没有权限的文件")
def test_an_env_without_permission_is_one_line(workdir):
    write_env(workdir, b"MODEL=m\n")
    (workdir / ".env").chmod(0)
    result = run_main("你好")
    assert result.returncode == 2 and "读不了" in one_error_line(result)


# ── 不是 agent 的 bug 的错误 ─────────────────────────────────────
def test_a_five_thousand_digit_integer_in_a_reply_is_not_called_a_bug(workdir):
    body = reply_bytes().replace(b'"prompt_tokens": 10', b'"prompt_tokens": ' + b"9" * 5000)
    assert b"9" * 5000 in body
    with raw_server(send(body)) as (url, count):
        line = one_error_line(ask(url))
    assert "整数" in line and "不是 agent 的 bug" in line and "这是 agent 的 bug" not in line


@posix_only("写满 /dev/full", needs="/dev/full")
def test_a_full_disk_is_named_not_called_a_bug(workdir):
    with raw_server(send(reply_bytes("好" * 50_000))) as (url, count):
        env = cli_env(None, OPENAI_BASE_URL=url, OPENAI_API_KEY=KEY)
        with open("/dev/full", "w", encoding="utf-8") as full:
            result = spawn.run(
                [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "你好"],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                env=env,
                timeout=60,
            )
    line = one_error_line(result)
    assert "磁盘满了" in line and "这是 agent 的 bug" not in line


def test_memory_errors_are_not_called_agent_bugs():
    line = internal_error(MemoryError())
    assert "内存不够" in line and "这是 agent 的 bug" not in line


# ── 启动时任何时刻按 Ctrl-C：没有 traceback，退出码 130 ───────────
@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
@pytest.mark.parametrize("after", ["json", "dotenv", "support.config", "httpx2", "openai", "tools", 1.5])
def test_ctrl_c_at_any_moment_of_start_up_exits_130_without_traceback(workdir, after):
    """-X importtime 每 import 完一个模块打印一行：看到那一行就按 Ctrl-C（数字：启动后过这么多秒）。"""
    with raw_server(silent) as (url, count):
        proc = subprocess.Popen(
            [sys.executable, "-X", "importtime", str(AGENT), "你好"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=cli_env(None, OPENAI_BASE_URL=url, OPENAI_API_KEY=KEY, OPENAI_TIMEOUT="30"),
            preexec_fn=default_sigint,
        )
        seen = []
        if isinstance(after, str):
            for line in proc.stderr:
                seen.append(line)
                if line.split("|")[-1].strip() == after:
                    break
        else:
            time.sleep(after)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    err = "".join(seen) + err
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in err, err[-2000:]
    assert proc.returncode == 130


@posix_only("os.kill(自己, SIGINT) 在 Windows 上是直接结束进程")
def test_ctrl_c_while_the_arguments_are_parsed_is_a_ctrl_c_not_an_attribute_error(monkeypatch):
    """argparse 的 parse_intermixed_args 在收尾时被 Ctrl-C 打断，会抛 AttributeError（save_nargs）而不是
    KeyboardInterrupt，退出时就是一段 traceback。解析时按的 Ctrl-C 等解析完再算：照样是 KeyboardInterrupt。"""
    import argparse

    from support.cli import parse_args

    real = argparse.ArgumentParser.format_usage

    def interrupted(self):
        os.kill(os.getpid(), signal.SIGINT)  # 恰好在 argparse 拿出用法、还没记下 save_nargs 的时候
        return real(self)

    monkeypatch.setattr(argparse.ArgumentParser, "format_usage", interrupted)
    original = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            parse_args(["你好"], 10, 30)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, original)
