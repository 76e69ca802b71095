"""项目写给 agent 的说明：工作目录里的 AGENTS.md（Codex 等 agent 的约定），加在 system 规则后面。

模型只知道请求里有的东西：库存放在 stock/<商品>.json 这样的项目规矩，要写进请求，模型才知道。
读它守着和文件工具一样的边界：只在工作目录里，只读普通文件，不读 env 文件；太长就只放开头。
"""

from support.json_safe import safe_text
from support.workspace import inside_workspace, open_regular

AGENTS_FILE = "AGENTS.md"
MAX_NOTES_CHARS = 8000


def project_notes(env_files: frozenset = frozenset()) -> str:
    """工作目录里 AGENTS.md 的内容，写成加在 system 规则后面的一段；没有、读不了就是 ""。"""
    try:
        with open_regular(inside_workspace(AGENTS_FILE, env_files), AGENTS_FILE, env_files=env_files) as f:
            data = f.read(MAX_NOTES_CHARS * 4 + 1)
    except (OSError, ValueError):
        return ""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # Windows PowerShell 5.1 的 > 写的是带 BOM 的 UTF-16
        data = data.decode("utf-16", errors="replace").encode("utf-8", errors="replace")
    elif b"\x00" in data:  # 说它在、却读不出：模型就不会以为项目没写说明
        return f"\n\n工作目录里有 {AGENTS_FILE}（项目写给 agent 的说明），但它不是 UTF-8 的文字，读不出来，没有放进来。"
    text = safe_text(data.decode("utf-8", errors="replace")).lstrip("\ufeff").strip()
    if len(text) > MAX_NOTES_CHARS:
        text = text[:MAX_NOTES_CHARS] + f"\n…（{AGENTS_FILE} 太长，只放了前 {MAX_NOTES_CHARS} 个字符）"
    return f"\n\n工作目录里的 {AGENTS_FILE}（项目写给 agent 的说明）：\n{text}" if text else ""
