"""遮住秘密：屏幕上、录音里、网页上都看不到 key。一条规矩，用在每一处：

- 这次运行的秘密（secrets_of）是 OPENAI_API_KEY，和 OPENAI_BASE_URL 里的用户名、密码；出错的请求里放 key 的
  那几个请求头也算（request_keys）。它们在哪里都换成 ***：原样的，或者写成 JSON 转义的（s 写成 \\u0073，
  SDK 解码后还是 key）。太短的（本地服务常填的 none、test）不遮：遮了反而把正常的字也遮掉（MIN_KEY_CHARS）。
- 一行出错提示（masked_line）还多遮两样：Bearer 后面的东西、任何地址里的用户名和密码。
- 录音里别的文字一个字也不改：文件里、命令里写着的 Bearer …、别的地址是工具看到的原样，回放时要对得上。
- 屏幕（MaskedScreen 包着 stdout、stderr）：写上去的每一段都遮住，工具结果里读到的 key 也一样；预览、截断把 key
  切开时，露出来的每一截（至少 PIECE_CHARS 个字符）也遮住。模型收到的不变。
"""

import functools
import json
import re
import sys
from urllib.parse import urlsplit

MIN_KEY_CHARS = 8  # 比这短的 key 不遮
PIECE_CHARS = 12  # 屏幕上：key 里连着的这么多个字符（被截断、折行切开后剩下的一截）也遮住
BEARER = re.compile(r"(?i)\b(bearer)(\s+)[^\s'\"<>]+")
USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@'\"<>]*@")  # scheme://user:pass@
KEY_HEADERS = ("authorization", "api-key", "x-api-key")


def secrets_of(key, base_url) -> list:
    """这次运行的秘密：key，和地址里的用户名、密码（http://user:secret@host/v1）。"""
    url = urlsplit(str(base_url or ""))
    return [s for s in (key, url.username, url.password, url.username and f"{url.username}:{url.password}") if s]


def masked(text: str, secrets=()) -> str:
    """text 里的这些秘密都换成 ***：原样的，或者写成 JSON 转义的（见 key_pattern）。别的一个字也不改。"""
    pattern = key_pattern(*secrets)
    if pattern is None:
        return text
    return hide_key(pattern, text.encode("utf-8", "surrogatepass"), in_json=False).decode("utf-8", "surrogatepass")


def masked_line(text: str, secrets=()) -> str:
    """一行提示（出错时的那一行）：这些秘密之外，Bearer 后面的东西、任何地址里的用户名和密码也换成 ***，
    因为异常的文字里可能带着别的凭据。"""
    return masked(USERINFO.sub(r"\1***@", BEARER.sub(r"\1\2***", text)), secrets)


def masked_value(value, secrets=()):
    """JSON 的值（录音的一行）：每一段文字都 masked，字典的键也一样。"""
    if isinstance(value, str):
        return masked(value, secrets)
    if isinstance(value, list):
        return [masked_value(v, secrets) for v in value]
    if isinstance(value, dict):
        return {masked_value(k, secrets): masked_value(v, secrets) for k, v in value.items()}
    return value


def screen_masked(text: str, secrets=()) -> str:
    """写到屏幕上的一段：masked，再把 key 的任何一截（至少 PIECE_CHARS 个连着的字符，原样的或 JSON 转义后的样子）
    换成 ***：预览、截断、折行把 key 切开了，露出来的那几截也看不到。比 PIECE_CHARS 短的 key 只遮整个。"""
    text = masked(text, secrets)
    out, at = [], 0
    for s, e in piece_spans(text, secrets):
        out.append(text[at:s] + "***")
        at = e
    return "".join(out) + text[at:]


def piece_spans(text: str, secrets) -> list:
    """text 里 key 的每一截（至少 PIECE_CHARS 个字符）：[(开始, 结束)]，排好序、不重叠。key 按 PIECE_CHARS // 2
    个字符一块切开：任何一截都整个包含其中一块，所以只要找这些块（str.find），再往两边比对着 key 伸开。"""
    size, spans = PIECE_CHARS // 2, []
    forms = {f for k in secrets if isinstance(k, str) for f in (k, json.dumps(k, ensure_ascii=False)[1:-1])}
    for key in (f for f in forms if len(f) >= PIECE_CHARS):
        for b in range(0, len(key) - size + 1, size):
            p = text.find(key[b : b + size])
            while p >= 0:
                s, j, e, k = p, b, p + size, b + size
                while s > 0 and j > 0 and text[s - 1] == key[j - 1]:
                    s, j = s - 1, j - 1
                while e < len(text) and k < len(key) and text[e] == key[k]:
                    e, k = e + 1, k + 1
                spans += [(s, e)] if e - s >= PIECE_CHARS else []
                p = text.find(key[b : b + size], p + 1)
    merged = []
    for s, e in sorted(spans):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def stand_ins(text: str, secrets) -> dict:
    """--step 的编辑器也是屏幕：text 里 key 的每一种样子（原样的、JSON 转义的、被切开的一截）→ 一个 text 里没有的
    替身（***OPENAI_API_KEY***）。编辑器里显示替身，存回来时换回原样：模型收到的不变。"""
    pattern = key_pattern(*secrets)
    data = text.encode("utf-8", "surrogatepass")
    found = [m.group().decode("utf-8", "surrogatepass") for m in pattern.finditer(data)] if pattern else []
    found += [text[s:e] for s, e in piece_spans(text, secrets)]
    names, n = {}, 0
    for form in sorted(dict.fromkeys(found), key=len, reverse=True):  # 长的先换：一截不会切开整个
        while (name := f"***OPENAI_API_KEY{f'_{n}' if n else ''}***") in text:
            n += 1
        names[form], n = name, n + 1
    return names


class MaskedScreen:
    """包着 sys.stdout 或 sys.stderr：写上去的每一段先 screen_masked。别的（isatty、fileno、encoding……）照原样。"""

    def __init__(self, stream, secrets):
        self.stream, self.secrets = stream, tuple(secrets)

    def write(self, text):
        self.stream.write(screen_masked(text, self.secrets))
        return len(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)


def mask_screen(secrets) -> None:
    """从现在起，屏幕上看不到这些秘密（cli.start 在连上服务商后调用）。"""
    if any(isinstance(k, str) and len(k) >= MIN_KEY_CHARS for k in secrets):
        sys.stdout, sys.stderr = (
            MaskedScreen(stream, secrets) if stream is not None else None for stream in (sys.stdout, sys.stderr)
        )


def screen_secrets() -> tuple:
    """屏幕要遮住的秘密（没有包上 MaskedScreen 就是空的）：--step 的编辑器也是屏幕，打开前先遮住。"""
    return tuple(k for k in getattr(sys.stdout, "secrets", ()) if isinstance(k, str) and len(k) >= MIN_KEY_CHARS)


def key_pattern(*keys):
    """认出这些 key 的正则（bytes）：每个字符原样，或者写成 JSON 转义 \\uXXXX（十六进制大小写都行）；
    " \\ / 三个字符还可以写成 \\" \\\\ \\/。长的先认；都太短（< MIN_KEY_CHARS）就返回 None。"""
    return compiled(
        tuple(sorted({k for k in keys if isinstance(k, str) and len(k) >= MIN_KEY_CHARS}, key=lambda k: (len(k), k)))
    )


@functools.lru_cache(maxsize=32)  # 录音每一段文字都要遮一遍：同样的 key 不用每次重新拼正则
def compiled(keys: tuple):
    alternatives = []
    for key in reversed(keys):
        parts = []
        for char in key:
            code = "".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in f"{ord(char):04x}")
            forms = [re.escape(char.encode("ascii", "replace")), b"\\\\u" + code.encode()]
            if char in '"\\/':
                forms.append(re.escape(b"\\" + char.encode()))
            parts.append(b"(?:" + b"|".join(forms) + b")")
        alternatives.append(b"".join(parts))
    return re.compile(b"|".join(alternatives)) if alternatives else None


def hide_key(pattern, data: bytes, in_json: bool = True) -> bytes:
    """把 data 里的 key 换成 ***。in_json：data 是 JSON 原文，前面紧挨着奇数个 \\ 的不算——
    那个 \\ 和它前面的 \\ 是一对（\\\\u0073 解码后是文字 \\u0073，不是 key），换掉反而弄坏 JSON。"""

    def replace(match):
        start = match.start()
        while start and data[start - 1] == ord("\\"):  # 往前数紧挨着的 \\
            start -= 1
        return match.group(0) if in_json and (match.start() - start) % 2 else b"***"

    return pattern.sub(replace, data)


class KeyHider:
    """回复里出现请求带的 key（有的服务商、代理在错误信息里原样回显）就换成 ***：它不进历史、不上屏幕。

    回复是一块一块收到的，key 可能被切在两块之间：每次留下最长的写法减一个字节，和下一块拼起来再找。
    """

    def __init__(self, request):
        value = request.headers.get("authorization", "").split(" ", 1)[-1]
        self.key = key_pattern(value)
        self.longest = 6 * len(value)  # 每个字符都写成 \\uXXXX 时最长
        self.kept = b""

    def hide(self, piece: bytes | None) -> bytes:
        """piece 是 None：回复收完了，交出留着的那一点。"""
        if self.key is None:
            return piece or b""
        text = hide_key(self.key, self.kept + (piece or b""))
        keep = 0 if piece is None else min(len(text), self.longest - 1)
        self.kept = text[len(text) - keep :]
        return text[: len(text) - keep]


def request_keys(e: BaseException | None) -> set:
    """e 和它的起因（__cause__、__context__）所带的请求里，放 key 的那几个请求头的值。"""
    keys, seen = set(), set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        try:
            headers = getattr(e, "request", None).headers
        except (AttributeError, RuntimeError):  # 没有请求；httpx 的异常没带请求时抛 RuntimeError
            headers = {}
        for name in KEY_HEADERS:
            value = str(headers.get(name) or "")
            keys |= {value, value.split(" ", 1)[-1]} - {""}
        e = e.__cause__ or e.__context__
    return keys
