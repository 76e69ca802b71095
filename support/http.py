"""和服务商之间的 HTTP：一个回复最多等多久、最多收多少字节。

SDK 的 timeout 只管每一次读：服务商每 2 秒滴一个字节，或者没完没了地发，agent 就一直等、内存一直涨。
connect() 给 SDK 一个自己的 HTTP 客户端（reply_limited_client），它守着两条线：
- 从发出请求到收完回复最多 OPENAI_TIMEOUT 秒，SDK 的自动重试也算在里面：每次读最多等剩下的时间，
  到点还没收完就切断连接（不管卡在连接、发送、收响应头还是收正文）；SDK 重试前的等待也不超过剩下的时间，
  等不起就不重试，直接报服务商这次说的错（retry_headers）；
- 回复解压后最多 MAX_REPLY_BYTES 字节：gzip、deflate 在这里边解压边数，别的压缩方式不收。
越线就抛 openai 的异常（SDK 原样抛出、不重试），agent 像对待别的 API 错误一样打印一行，对话保留。
"""

import contextlib
import email.utils
import itertools
import socket
import threading
import time
import zlib

import openai

from support.secrets import KeyHider
from support.signals import start_quiet

try:
    import httpx2 as httpx  # openai 3.x 用的 HTTP 库
except ImportError:  # openai 1.x、2.x 用 httpx
    import httpx

MAX_REPLY_BYTES = 4 * 1024 * 1024  # 一个回复解压后最多这么多字节：正常的回复（连几十个工具调用）远小于它
CHUNK = 64 * 1024  # 解压时每次最多产出这么多字节：压缩炸弹也只能一小块一小块地来
ENCODINGS = ("identity", "gzip", "x-gzip", "deflate")  # 认得的 Content-Encoding
RETRYABLE = (408, 409, 429)  # 加上 5xx：SDK 会自动重试的状态码（服务商没用 x-should-retry 说要不要重试时）
RETRY_ROOM = 1.0  # 重试前至少给下一次尝试留这么多秒（最多 OPENAI_TIMEOUT 的四分之一）：留不出来就不重试
STARTED = "agent_reply_deadline"  # request.extensions 里记这个请求的期限：重定向的请求共用同一个 extensions


class ReplyRefused(openai.APIError):
    """回复超过了上限或者没法解开（太大、压缩方式不认得、压缩数据坏了）：不重试，一句话说明。"""


def reply_limited_client(timeout: float):
    """给 openai.OpenAI(http_client=…) 的客户端：回复限时 timeout 秒（含重试）、限 MAX_REPLY_BYTES 字节。"""
    return openai.DefaultHttpxClient(transport=LimitedTransport(timeout))


class LimitedTransport(httpx.BaseTransport):
    """真正的收发交给一个普通的 httpx 客户端（环境里的代理、证书设置照旧），这里只管期限和大小。

    只开一个连接（CLI 一次只问一个问题）：记住它的文件描述符和对方地址，到点时切断的就是它。
    """

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.deadline = 0.0  # 当前这次 SDK 请求（含重试）的期限，time.monotonic() 的时刻
        self.connection = (-1, None)  # 当前连接：(文件描述符, 对方地址)
        self.inner = httpx.Client(limits=httpx.Limits(max_connections=1, max_keepalive_connections=1))

    def handle_request(self, request):
        deadline = request.extensions.get(STARTED)  # 重定向：和原来的请求共用期限
        if deadline is None:
            if request.headers.get("x-stainless-retry-count", "0") == "0":  # SDK 开始一个新请求；重试共用期限
                self.deadline = time.monotonic() + self.timeout
            deadline = request.extensions[STARTED] = self.deadline
        left = deadline - time.monotonic()
        if left <= 0:
            raise_timeout(request, self.timeout)
        request.headers["Accept-Encoding"] = "gzip, deflate"  # 不协商 br、zstd：解压要在这里数着字节做
        request.extensions["timeout"] = dict.fromkeys(("connect", "read", "write", "pool"), left)
        request.extensions["trace"] = self.remember_socket
        cutter = threading.Timer(left, self.cut_connection)  # 到点切断：一滴一滴来的响应头也等不过期限
        cutter.daemon = True
        start_quiet(cutter)
        try:
            with limited(request, deadline, self.timeout):
                response = self.inner.send(request, stream=True)
            return self.limited_response(request, response, deadline, cutter)
        except BaseException:
            cutter.cancel()
            raise

    def limited_response(self, request, response, deadline: float, cutter):
        """把收到的响应头交给 SDK（重试前等多久按剩下的时间改过，见 retry_headers），
        正文换成限时、限量、自己解压的 LimitedBody。"""
        encoding = response.headers.get("content-encoding", "identity").strip().lower() or "identity"
        if encoding not in ENCODINGS:
            response.close()
            raise ReplyRefused(f"服务商用 {encoding[:40]} 压缩了回复，agent 只认 gzip 和 deflate", request, body=None)
        changed = retry_headers(response, retry_count(request), deadline - time.monotonic(), self.timeout)
        drop = {b"content-encoding", b"content-length"} if encoding != "identity" else set()
        drop |= {name for name, _ in changed}
        headers = [(k, v) for k, v in response.headers.raw if k.lower() not in drop] + changed
        body = LimitedBody(request, response, encoding, deadline, self.timeout, cutter)
        return httpx.Response(response.status_code, headers=headers, stream=body, extensions=response.extensions)

    def remember_socket(self, event: str, info: dict) -> None:
        """httpcore 的 trace 回调：连上时记下 socket 的文件描述符（之后套上 TLS 也还是它）和对方地址。"""
        if event == "connection.connect_tcp.complete":
            sock = info["return_value"].get_extra_info("socket")
            self.connection = (sock.fileno(), sock.getpeername())

    def cut_connection(self) -> None:
        """到点了：关掉当前连接的收发（shutdown），卡在读或写里的那一步立刻返回。"""
        fd, peer = self.connection
        with contextlib.suppress(OSError, ValueError):
            # 按描述符（Windows 上是 socket 句柄）再包一个 socket 来操作：套上 TLS 以后原来那个对象已经交出了描述符；
            # 不 os.dup（Windows 的句柄不能 dup），用完 detach，不关掉它
            handle = socket.socket(fileno=fd)
            try:
                if handle.getpeername() == peer:  # 连接已经关了、描述符给了别人，就不动它
                    handle.shutdown(socket.SHUT_RDWR)
            finally:
                handle.detach()

    def close(self) -> None:
        self.inner.close()


class LimitedBody(httpx.SyncByteStream):
    """响应正文：到期限还没收完、解压后超过 MAX_REPLY_BYTES，都不再收，抛异常。"""

    def __init__(self, request, response, encoding: str, deadline: float, timeout: float, cutter):
        self.request, self.response, self.encoding = request, response, encoding
        self.deadline, self.timeout, self.cutter = deadline, timeout, cutter

    def __iter__(self):
        unzip, key = Unzip(self.encoding), KeyHider(self.request)
        received = 0
        with limited(self.request, self.deadline, self.timeout):
            for chunk in itertools.chain(self.response.iter_raw(), [None]):  # None：收完了，吐出解压器里剩下的
                if time.monotonic() >= self.deadline:
                    raise_timeout(self.request, self.timeout)
                for piece in unzip.feed(chunk):
                    received += len(piece)
                    if received > MAX_REPLY_BYTES:
                        raise ReplyRefused(f"回复解压后超过了 {limit_words()}", self.request, body=None)
                    yield key.hide(piece)
                if chunk is None:
                    yield key.hide(None)

    def close(self) -> None:
        self.cutter.cancel()
        self.response.close()


class Unzip:
    """边收边解压（gzip、deflate），每次最多产出 CHUNK 字节；identity 原样通过。

    gzip 可以是几段（成员）接在一起的：一段一段都解开，像 gzip -d 一样。
    """

    def __init__(self, encoding: str):
        self.encoding = encoding
        self.decoder = None if encoding == "identity" else zlib.decompressobj(zlib.MAX_WBITS | 32)
        self.head = b"" if encoding == "deflate" else None  # deflate 开头的两个字节：够了才知道有没有 zlib 头

    def feed(self, data: bytes | None):
        if self.decoder is None:
            yield from [data] if data else []
            return
        if self.head is not None:  # 第一次读可能只到了一个字节：攒够两个再判断
            self.head += data or b""
            if len(self.head) < 2 and data is not None:
                return
            self.pick_deflate(self.head)
            yield from self.inflate(self.head)
            self.head = None
            data = data and b""
        if data is None:
            yield self.decoder.flush()
            return
        yield from self.inflate(data)

    def pick_deflate(self, head: bytes) -> None:
        """deflate 有的带 zlib 头，有的是裸数据（和 httpx 一样两种都认）：看开头两个字节。"""
        try:
            zlib.decompressobj().decompress(head[:2])
        except zlib.error:
            self.decoder = zlib.decompressobj(-zlib.MAX_WBITS)

    def inflate(self, data: bytes):
        while True:  # 输入用完、也没有攒着的输出了才停
            if self.decoder.eof and self.encoding != "deflate":  # 一段 gzip 完了：后面的是下一段（末尾补的 0 不算）
                data = (self.decoder.unused_data + data).lstrip(b"\0")
                if not data:
                    return
                self.decoder = zlib.decompressobj(zlib.MAX_WBITS | 32)
            piece = self.decoder.decompress(data, CHUNK)
            yield piece
            data = self.decoder.unconsumed_tail
            more = self.decoder.eof and self.encoding != "deflate" and self.decoder.unused_data.strip(b"\0")
            if not data and len(piece) < CHUNK and not more:
                return


@contextlib.contextmanager
def limited(request, deadline: float, timeout: float):
    """收发时出的错换成一句话：到了期限（超时，或者连接被 cut_connection 切断）→ 超时，不重试；
    内存不够、压缩数据坏了 → 回复不能用；别的（连不上之类）原样交给 SDK，由它决定重试。"""
    try:
        yield
    except openai.APIError:
        raise
    except MemoryError:
        raise ReplyRefused(f"读回复时内存不够（回复最多收 {limit_words()}）", request, body=None) from None
    except zlib.error as e:
        raise ReplyRefused(f"回复的压缩数据是坏的（{e}）", request, body=None) from None
    except Exception as e:
        if isinstance(e, httpx.TimeoutException) or time.monotonic() >= deadline:
            raise_timeout(request, timeout)
        if backoff(retry_count(request)) > deadline - time.monotonic() - retry_room(timeout):
            raise openai.APIConnectionError(request=request) from e  # SDK 重试前的等待已经来不及：现在就说连不上
        raise


def raise_timeout(request, timeout: float):
    """超时：openai.APITimeoutError（SDK 原样抛出，不再重试），原因里写明是哪个设置。"""
    why = f"回复没能在 OPENAI_TIMEOUT={timeout:g} 秒内收完（自动重试也算在里面）"
    raise openai.APITimeoutError(request=request) from httpx.ReadTimeout(why, request=request)


def limit_words() -> str:
    return f"{MAX_REPLY_BYTES / 2**20:g} MB（support/http.py 的 MAX_REPLY_BYTES）"


def retry_headers(response, retried: int, left: float, timeout: float) -> list:
    """SDK 要重试这个响应的话，重试前的等待不能超过剩下的时间 left（还要给下一次尝试留 retry_room）。

    返回要换上的响应头：服务商要求等的（Retry-After）比剩下的长，或者根本没有时间了 → x-should-retry: false，
    SDK 不重试，直接报服务商这次说的错；SDK 自己的退避（最多 8 秒）来不及 → retry-after-ms 换成剩下的时间。
    """
    if not sdk_retries(response):
        return []
    spare, asked = left - retry_room(timeout), retry_after(response.headers)
    if spare <= 0 or asked > spare:
        return [(b"x-should-retry", b"false")]
    if asked > 0 or backoff(retried) <= spare:
        return []  # 来得及：照 SDK 的办法等
    return [(b"retry-after-ms", f"{max(spare * 1000, 1):.0f}".encode())]


def sdk_retries(response) -> bool:
    """SDK 会不会重试这个响应（和 openai 的 _should_retry 同一条规则）：服务商用 x-should-retry 说了算，
    没说的话 408、409、429 和 5xx 重试。"""
    said = response.headers.get("x-should-retry")
    if response.status_code < 400 or said == "false":
        return False
    return said == "true" or response.status_code in RETRYABLE or response.status_code >= 500


def retry_after(headers) -> float:
    """服务商要求等几秒再重试（retry-after-ms，retry-after 里的秒数或 HTTP 日期，和 SDK 读的一样）；没说就是 0。"""
    for name, scale in (("retry-after-ms", 1000), ("retry-after", 1)):
        with contextlib.suppress(ValueError):
            return float(headers.get(name, "")) / scale
    with contextlib.suppress(TypeError, ValueError, OverflowError, OSError):
        return email.utils.mktime_tz(email.utils.parsedate_tz(headers.get("retry-after", ""))) - time.time()
    return 0.0


def backoff(retried: int) -> float:
    """已经重试过 retried 次时，SDK 下一次重试前最多等几秒：0.5、1、2、4、8、8……（它再随机少等一点）。"""
    return min(0.5 * 2 ** min(retried, 10), 8.0)


def retry_count(request) -> int:
    with contextlib.suppress(ValueError):
        return int(request.headers.get("x-stainless-retry-count", "0"))
    return 0


def retry_room(timeout: float) -> float:
    return min(RETRY_ROOM, timeout / 4)
