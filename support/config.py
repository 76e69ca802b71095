"""配置：.env 和环境变量里的设置，检查 key，建好 API 客户端；-C 进入工作目录。"""

import atexit
import contextlib
import errno
import io
import os
import re
import shutil
import stat
import tempfile
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

import openai
from dotenv import dotenv_values
from dotenv.parser import parse_stream

from support.escapes import printable
from support.http import reply_limited_client
from support.provider import Provider
from support.secrets import masked_line
from support.terminal import fail
from support.workspace import read_regular

PLACEHOLDER_KEY = "sk-your-key-here"  # .env.example 里的示例值
MAX_ENV_BYTES = 1024 * 1024  # .env 最多这么大：设置用不了这么多，再大的（日志、数据）不读进内存


def read_settings(app_dir: Path) -> tuple[dict, frozenset]:
    """配置：真正的环境变量优先，其次 agent.py 旁边（app_dir）的 .env，最后当前目录的 .env。

    .env 只读进这个 dict，不放进 os.environ：run_command 启动的命令看不到里面的 key 和设置。
    .env 在、却用不了（不是普通文件、链接断了、读不了、有一行解析不了）就说是哪个文件、为什么，退出码 2：
    不悄悄跳过它，再让用户去 cp .env.example .env。
    返回 (配置, 读过的 .env 的 (st_dev, st_ino))。
    """
    settings, env_files = {}, set()
    for env_file in (app_dir / ".env", Path.cwd() / ".env"):
        if not os.path.lexists(env_file):
            continue
        st, data = read_env_file(env_file)
        env_files.add((st.st_dev, st.st_ino))
        for name, value in dotenv_values(stream=io.StringIO(env_text(env_file, data))).items():
            if value is not None:
                settings.setdefault(name, value)  # 先读到的优先，和 load_dotenv 一样
    return {**settings, **os.environ}, frozenset(env_files)


def read_env_file(env_file: Path) -> tuple:
    """返回 (os.stat_result, 内容)。先不等待地（O_NONBLOCK）打开、再看是不是普通文件：
    .env 要是命名管道，读它会一直等；是 /dev/zero，会一直读下去。"""
    where = printable(env_file)
    try:
        st, data = read_regular(env_file, MAX_ENV_BYTES)
    except FileNotFoundError:  # lexists 说它在：是断了的符号链接
        fail(f"[错误] {where} 是个符号链接，链接指向的文件不存在：请删掉它，或者让它指向写着设置的文件")
    except OSError as e:
        why = "是绕成了圈的符号链接" if e.errno == errno.ELOOP else f"读不了：{printable(e.strerror or e)}"
        fail(f"[错误] {where} {why}。请检查这个文件和它的权限")
    if data is None and stat.S_ISREG(st.st_mode):
        fail(
            f"[错误] {where} 有 {st.st_size} 字节，太大了：.env 最多 {MAX_ENV_BYTES // 1024} KB"
            "（写设置用不了这么多），请检查这个文件"
        )
    if data is None:
        kind = next((name for test, name in FILE_KINDS if test(st.st_mode)), "特殊文件")
        fail(f"[错误] {where} 不是普通文件（是{kind}）：.env 要是写着设置的文本文件，请删掉它或换成普通文件")
    return st, data


FILE_KINDS = [(stat.S_ISDIR, "目录"), (stat.S_ISFIFO, "命名管道"), (stat.S_ISCHR, "设备"), (stat.S_ISBLK, "设备")]


def env_text(env_file: Path, data: bytes) -> str:
    """.env 的文字；有一行不是 UTF-8（注释行除外）就说是哪一行，退出码 2。

    Windows 的编辑器常把它存成带 BOM 的 UTF-8（BOM 去掉）或 GBK：GBK 的注释不影响设置，读的时候换成 �；
    设置那一行不是 UTF-8，就说是哪一行，请用户存成 UTF-8。
    有 NUL 字节（\\0）、引号没有配对这类 python-dotenv 解析不了的行，也说是哪一行（不然它只是悄悄跳过）。
    """
    for number, line in enumerate(data.splitlines(), 1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            if not line.lstrip().startswith(b"#"):
                fail(
                    f"[错误] {printable(env_file)} 第 {number} 行不是 UTF-8 文字（可能存成了 GBK 等编码）："
                    "请用 UTF-8 编码重新保存这个文件"
                )
        if b"\0" in line:
            fail(f"[错误] {printable(env_file)} 第 {number} 行有 NUL 字节（\\0），不是文本：请重新写这个文件")
    text = data.decode("utf-8-sig", errors="replace")
    for binding in parse_stream(io.StringIO(text)):
        if binding.error:
            fail(
                f"[错误] {printable(env_file)} 第 {binding.original.line} 行解析不了（比如引号没有配对）："
                "每行写成 名字=值，值里有空格、# 或引号就用引号括起来，并且配对"
            )
    return text


def key_problem(key: str) -> str | None:
    """key 只能是可打印的 ASCII 字符、不含空格；不是的话，说出第几个字符、是什么（不打印 key 本身）。

    全角字母、零宽空格、换行多半是复制时带进来的：这样的 key 写不进 HTTP 请求头。
    """
    for position, char in enumerate(key, 1):
        if "!" <= char <= "~":
            continue
        if char in "\r\n":
            what = "换行"
        elif char in " \t":
            what = "空格" if char == " " else "制表符"
        else:
            name = unicodedata.name(char, "")
            kind = "控制字符" if ord(char) < 0xA0 else "非 ASCII 字符"
            what = f"{kind} U+{ord(char):04X}{f' {name}' if name else ''}"
        return f"第 {position} 个字符（共 {len(key)} 个）是{what}"
    return None


def connect(app_dir: Path) -> tuple:
    """读 .env 和环境变量里的配置、建客户端。返回 (client, model, 读过的 .env)；
    配置不对就打印一句话，以退出码 2 结束。"""
    settings, env_files = read_settings(app_dir)
    key, model = settings.get("OPENAI_API_KEY"), settings.get("MODEL")
    if key is None:
        fail(
            "[错误] 没有配置 OPENAI_API_KEY。请先 cp .env.example .env，"
            "在 .env 里填好 OPENAI_API_KEY、OPENAI_BASE_URL 和 MODEL；"
            "没有 key 也可以先看离线演示：python agent.py --demo"
        )
    if not key.strip() or key == PLACEHOLDER_KEY:
        fail(
            f"[错误] OPENAI_API_KEY {'还是 .env.example 里的示例值' if key else '是空的'}：请在 .env 里填上"
            "服务商给你的 key（本地服务随便填一个，比如 none）；没有 key 可以先看离线演示：python agent.py --demo"
        )
    problem = key_problem(key)
    if problem:
        fail(
            f"[错误] OPENAI_API_KEY 的{problem}：key 只能是 ASCII 字母、数字和符号，"
            "多半是复制时带进了全角字符、看不见的字符或换行；请重新复制 key，填进 .env（或环境变量）"
        )
    if not model:
        fail("[错误] 没有配置 MODEL：请在 .env 里写上模型名，例如 MODEL=deepseek-v4-flash")
    try:
        timeout = float(settings.get("OPENAI_TIMEOUT") or 120)
        retries = int(settings.get("OPENAI_MAX_RETRIES") or 2)
    except ValueError:
        timeout = retries = -1
    if not 0 < timeout <= 86400 or retries < 0:  # nan、inf 也通不过
        fail("[错误] OPENAI_TIMEOUT 要是 0 到 86400 之间的秒数，OPENAI_MAX_RETRIES 要是不小于 0 的整数，请检查 .env")
    base_url = settings.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
    bare = re.split(r"[?#]", base_url, maxsplit=1)[0]  # ? 和 # 后面的常是 key（?api-key=…）：哪一行都不显示它
    shown = printable(masked_line(bare + ("?…" if bare != base_url else ""), [key]))  # 有人把 key 写进了地址：也遮住
    try:  # 地址本身写错了，启动时就说，不等到第一次请求（那时 httpx 的报错不是一行）
        parts = urlsplit(base_url)  # http://[::1/v1、http://[zz]/v1：ValueError
        parts.port  # noqa: B018  端口不是数字、超出 0–65535：ValueError
        (parts.hostname or "").encode("idna")  # api..deepseek.com、一段超过 63 个字符：UnicodeError
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:  # ftp://…、host/v1、http:///v1
            raise ValueError("要以 http:// 或 https:// 开头，后面是主机名")
    except ValueError as e:
        fail(f"[错误] OPENAI_BASE_URL={shown} 不是有效的地址（{printable(e)}），请检查 .env")
    if bare != base_url:  # SDK 把 /chat/completions 接在整个地址后面（…/v1?api-key=…/chat/completions）：永远请求不到
        fail(
            f"[错误] OPENAI_BASE_URL={shown} 带着 ? 或 # 后面的部分（没有显示：那里常写着 key）："
            "请把它从地址里删掉，key 写进 OPENAI_API_KEY；"
            "服务商只认地址里的 key 的话，在本机起一个把 Bearer key 换成它的代理"
        )
    if "@" in parts.netloc:  # http://user:secret@host/v1：httpx 会拿它当 Basic 认证顶替 key，它还会上屏幕
        fail(
            f"[错误] OPENAI_BASE_URL={shown} 里写着用户名和密码："
            "agent 用 OPENAI_API_KEY 认证，请把 user:密码@ 从地址里删掉（key 写进 OPENAI_API_KEY）"
        )
    # SDK 默认一次等 600 秒，交互工具等不起；重试留着应付连接失败、429 和 5xx。
    # reply_limited_client：一个回复（含重试）最多等 timeout 秒、最多收 MAX_REPLY_BYTES 字节
    try:
        client = Provider(  # 服务商明说了要带的参数（OpenAI 的 reasoning_effort: "none"），之后都带上
            openai.OpenAI(
                api_key=key,
                base_url=base_url,
                timeout=timeout,
                max_retries=retries,
                http_client=reply_limited_client(timeout),
            )
        )
    except Exception as e:  # noqa: BLE001  比如端口写错了字母：http://localhost:8O00/v1
        fail(f"[错误] OPENAI_BASE_URL={shown} 不是有效的地址（{printable(masked_line(str(e), [key]))}），请检查 .env")
    return client, model, env_files


def enter_workdir(workdir: str | None) -> frozenset:
    """-C DIR：进入工作目录，工具只能访问这里面的东西。

    返回那里的 .env（是普通文件的话）的 (st_dev, st_ino)：start() 把它并进 Options.env_files，
    它的硬链接换了名字也不许文件工具读（connect() 记下的只是启动时所在目录的 .env）。
    """
    if not workdir:
        return frozenset()
    try:
        os.chdir(workdir)
    except OSError as e:
        fail(f"[错误] 没法进入工作目录 {printable(workdir)}：{printable(e.strerror)}")
    return kept_back(Path.cwd())


def scratch_copy(folder: Path) -> str:
    """把 folder 拷进一个临时目录，返回副本的路径；程序结束时删掉（离线演示没写 -C 时在这里跑）。"""
    scratch = tempfile.mkdtemp(prefix="s05-demo-")
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    return shutil.copytree(folder, os.path.join(scratch, folder.name))


def kept_back(*folders: Path) -> frozenset:
    """这些目录里的 .env（是普通文件的话）的 (st_dev, st_ino)：不管读没读它的设置（离线演示、回放都不读），
    它和它的硬链接都不许文件工具读。"""
    found = set()
    for folder in folders:
        with contextlib.suppress(OSError):
            st = os.stat(folder / ".env")
            if stat.S_ISREG(st.st_mode):
                found.add((st.st_dev, st.st_ino))
    return frozenset(found)
