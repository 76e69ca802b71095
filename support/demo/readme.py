"""离线演示读 README：它的行（标题都写成 # 开头的，注释、指令、front matter 去掉，续行接起来）、它叫什么、第一段话。
项目是做什么的（project.py）、怎么运行和怎么跑测试（running.py）都从这里读 README。"""

import re

from support.demo.facts import usable

ABOUT_SECTION = r"(about|description|overview|introduction|what is|简介|介绍|概述|关于)\b"  # 这些节讲项目是什么


def readme_in(names: list) -> str | None:
    readmes = [n for n in names if n.lower().startswith("readme") and not n.endswith("/")]
    return "README.md" if "README.md" in readmes else next(iter(readmes), None)


def first_paragraph(facts, readme: str) -> tuple:
    """读 README 到第一段话读完为止：(结果, 标题, 第一段话, 这段话是否只看到了一部分)。"""
    got = facts.pages("read_file", {"path": readme}, enough=lambda text: paragraph_of(text)[2])
    text = got.text + ("\n" + got.partial if got.partial else "")
    title, paragraph, settled = paragraph_of(text) if usable(got) else ("", "", True)
    return got, title, paragraph, got.state != "complete" and not settled


def paragraph_of(text: str) -> tuple:
    """README 的 (标题, 第一段话, 这段话是否已经完整)：后面有空行或标题、或者第一段不是文字（代码、表格、列表），
    就完整了，再往下读也不会变。第一段不是文字、或者在第二个标题下面（“## Installation”）时，段落是 ""。"""
    title, paragraph, headed, alert = "", [], False, False
    for line in map(str.strip, headings(text.splitlines())):
        alert = bool(re.match(r">\s*\[!\w+\]", line) or alert and line.startswith(">"))  # GitHub 的提示块不是介绍
        line = "" if alert else re.sub(r"^>\s?", "", line)  # 引用块里的话也是话
        html = re.fullmatch(r"<p\b[^>]*>([^<]*)</p>", line, re.I)  # <p align="center">一句话</p>：只有字的一段
        words = html and re.sub(r"&\w+;", " ", html[1]).strip()  # “&nbsp;”“English | 简体中文”不是介绍
        line = (words if len(re.findall(r"\w", words)) >= 10 and "|" not in words else "") if html else line
        about = re.match(ABOUT_SECTION, line.lstrip("#").strip(), re.I)  # “## About”“## 简介”下面的就是介绍
        if not paragraph and line.startswith("#") and headed and not about:  # 第一段话前又一个标题：那段话在
            return title, "", True  # 某一节里（安装、用法）
        if not paragraph and line.startswith(("#", "<h1", "<H1")):  # 标题，或者 HTML 写的标题
            title, headed = title or re.sub(r"<[^>]*>", "", line).lstrip("#").strip(), True
        elif not paragraph and (not line or line.startswith(("![", "[![", "<")) or links_only(line) or meta(line)):
            continue  # 徽章、图片、“[English](README.en.md) | 简体中文”这样的一行、注释、作者和版本
        elif not line or line.startswith("#") or re.match(r"```|\||[-*+] |\d+[.)] |\$", line):  # 代码、表格、列表
            return title, clipped(" ".join(paragraph)), True
        else:
            paragraph.append(line)
    return title, clipped(" ".join(paragraph)), False


def meta(line: str) -> bool:
    """不是介绍的一行：reST 的字段（:Author: …）、只有替换引用的徽章（|build| |coverage|）、Markdown 的注释
    （[//]: # (…)）、链接定义（[x]: https://…）、分隔线（---、***）、只有粗体小标题的一行（**Table of Contents**）。"""
    return bool(re.match(r":\w[\w -]*:(\s|$)|\[[^\]]*\]:\s|(\|[^|]+\|\s*)+$|([-*_]\s*){3,}$|\*\*[^*]+\*\*:?$", line))


def links_only(line: str) -> bool:
    """一行只有链接（和几个字、语言的名字）：“[English](README.en.md) | 简体中文”“English | [简体中文](…)”。"""
    short = len(line) <= 1000  # 只有链接的一行不会很长：长的不看（正则也就是线性时间）
    languages = r"English|简体中文|繁體中文|中文|日本語|한국어|Español|Français|Deutsch|Русский|Português|Italiano"
    return short and "](" in line and len(re.sub(rf"!?\[[^\]]*\]\([^)]*\)|{languages}|[|｜/·\s]", "", line)) <= 6


def clipped(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + "…"


SHELLS = set("sh bash shell console shell-session zsh fish cmd bat powershell pwsh ps1".split()) | {""}  # 写命令的
FENCE = re.compile(r" {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*")  # 代码块的开头：``` 或 ~~~，后面是语言
HEADING = re.compile(r" {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*")  # “## 标题”；缩进四格的是代码，不是标题
OTHER = re.compile(  # HTML 的标题、折叠块的标题、只有粗体的一行（**Usage**）：也是一节的标题
    r"<h[1-6]\b[^>]*>(.*?)(?:</h[1-6]>|$)|<summary\b[^>]*>(.*?)(?:</summary>|$)|<details\b"
    r"|^\s*(?:<p>\s*)?(?:\*\*|<b>|<strong>)([^*<]+)(?:\*\*|</b>|</strong>)[:：]?\s*(?:</p>)?\s*$",
    re.I,
)


def closes(fence: str, line: str) -> bool:
    """这一行结束 fence 开始的代码块：同一种字符，不比开头的短（``` 开头的 ~~~ 不算结束）。"""
    return bool(re.fullmatch(rf" {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*", line))


def headings(lines) -> list:
    """README 的行，标题都写成 # 开头的：下一行是 ===、---、~~~……（Markdown、reStructuredText 的另一种标题）的那一行；
    ``` 或 ~~~ 围起来的代码块里的行照原样；
    标题上面的那条线、HTML 注释（<!-- … -->）、reStructuredText 的指令（.. image:: 和它缩进的选项）不算内容，去掉；
    指令 .. code-block:: 缩进的内容写成 ``` 围起来的代码块；开头的 front matter 去掉。"""
    out, comment, directive = [], False, ""
    end = next((i for i, line in enumerate(lines[1:50], 1) if line.strip() in ("---", "...")), 0)
    matter = end and lines[0].strip() == "---" and all(re.match(r"\s*([\w-]+\s*:|- |#|$)", t) for t in lines[1:end])
    lines = lines[end + 1 :] if matter else lines  # 开头的 front matter（title: …）；开头只是一条分隔线的不算
    fence = ""
    for line in lines:
        title, text = (out[-1].strip() if out else ""), line.strip()
        underline = re.fullmatch(r"={3,}|-{3,}", text) or re.fullmatch(r"[~^*+]{3,}", text) and len(text) >= len(title)
        titled = underline and title and not title.startswith(("#", "-", "*", "|", "`", "~"))  # reST 的标题下面的线
        opens = not (titled or directive or comment) and FENCE.fullmatch(line[:1000])
        if fence or opens:  # 代码块里的行照原样，不当标题、注释、指令
            fence = "" if fence and closes(fence, line) else fence or opens[1]
            out.append(line)
            continue
        if directive and (not text or line[:1] in " \t"):  # 指令缩进的那几行（和中间的空行）
            out += [text] if directive == "code" and text and not re.match(r":\w[\w-]*:", text) else []
            continue
        out += ["```"] * (directive == "code")  # 代码块到这里结束
        directive = ""
        if comment or text.startswith(("<!--", ".. ")) or text == "..":  # “..” 单独一行：reST 的注释
            comment = (comment or text.startswith("<!--")) and "-->" not in text
            code = re.match(r"\.\. (code-block|code|sourcecode)::", text) and not comment
            directive = "code" if code else "other" if text.startswith("..") else ""
            out += ["```"] * bool(code)  # 在原地加：每个指令都重建一遍列表是平方的
        elif titled:
            out[-1] = ("# " if "=" in text else "## ") + title
        elif not (underline and text[0] == "="):  # 标题上面的线
            out.append(line)
    return out + ["```"] * (directive == "code")


def sections(lines) -> list:
    """README 的每一节：[标题, 标题下面第一个 shell 代码块的行（原样，最多 8 行）, 这个代码块一共几行,
    它后面还有几个代码块]。HTML 的标题、折叠块、粗体的小标题也隔开一节（标题是 ""）；代码块里的 # 不是标题。"""
    out, fence, lang = [], "", ""
    for line in headings(lines):
        line = line.rstrip()[:1000]  # 再长的一行也只看开头：线性时间
        if fence:
            if closes(fence, line):
                fence = ""
            elif out and out[-1][2] >= 0 and lang in SHELLS and line.strip():
                out[-1][1] += [line] * (out[-1][2] < 8)
                out[-1][2] += 1
            continue
        if m := FENCE.fullmatch(line):
            fence, lang = m[1], m[2].lower()
            if out and (out[-1][2] or lang not in SHELLS):  # 第一个 shell 代码块以外的：不抄，数一数
                out[-1][2], out[-1][3] = -abs(out[-1][2]), out[-1][3] + 1
        elif (m := HEADING.fullmatch(line)) or (m := OTHER.search(line)):
            name = next((g for g in m.groups() if g), "")
            out.append([re.sub(r"<[^>]*>", "", name).strip(), [], 0, 0])
    return [(name, found, abs(count), more) for name, found, count, more in out]
