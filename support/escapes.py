"""看不见的字符写成转义：屏幕、工具结果里的文件名、网页上看到的文字，才和实际的一样。"""

# 控制字符（ESC、回车、退格……）、改变文字方向和看不见的字符（U+202E、U+200B……）、孤立的代理字符：
# 一律写成 \x1b、\u202e 这样的转义
INVISIBLE = [
    *range(32),
    *range(127, 160),
    0xAD,
    0x61C,
    0x180E,
    *range(0x200B, 0x2010),
    *range(0x2028, 0x202F),
    *range(0x2060, 0x2070),
    *range(0xD800, 0xE000),
    0xFEFF,
    *range(0xE0000, 0xE0080),
]
ESCAPES = {c: chr(c).encode("unicode_escape").decode() for c in INVISIBLE}
ESCAPES_KEEP_LINES = {c: text for c, text in ESCAPES.items() if chr(c) not in "\n\t"}


def escaped(text, keep_lines: bool = False) -> str:
    """把看不见的字符写成转义：文件名里的换行不能伪造出一行结果，命令、模型的话也要让人看清。
    keep_lines：换行和制表符照常显示（多行的文字）。"""
    return str(text).translate(ESCAPES_KEEP_LINES if keep_lines else ESCAPES)


def printable(text) -> str:
    """打印到终端的样子：模型的话、文件内容、命令输出里的控制序列不能操纵终端。历史里仍是原文。"""
    return escaped(text, keep_lines=True)
