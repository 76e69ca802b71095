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


def continued_lines(lines) -> list:
    """反斜杠结尾的行和下一行接成一行（docker run \\ 下一行）：攒起来一次接好，再多的续行也是线性时间。"""
    out, parts = [], []
    for line in lines:
        piece = line.strip() if parts else line.rstrip()
        if parts and not piece:  # 续行后面是空行：接到这里为止
            out.append(" ".join(parts))
            parts = []
        if piece.endswith("\\"):
            parts.append(piece[:-1].rstrip())
        elif parts:
            out.append(" ".join([*parts, piece]))
            parts = []
        else:
            out.append(line)
    return out + [" ".join(parts)] * bool(parts)


def headings(lines) -> list:
    """README 的行，标题都写成 # 开头的：下一行是 ===、---（Markdown、reStructuredText 的另一种标题）的那一行；
    标题上面的那条线、HTML 注释（<!-- … -->）、reStructuredText 的指令（.. image:: 和它缩进的选项）不算内容，去掉；
    指令 .. code-block:: 缩进的内容写成 ``` 围起来的代码块；开头的 front matter 去掉，反斜杠结尾的行和下一行接起来。"""
    out, comment, directive = [], False, ""
    end = next((i for i, line in enumerate(lines[1:50], 1) if line.strip() in ("---", "...")), 0)
    lines = lines[end + 1 :] if end and lines[0].strip() == "---" else lines  # 开头的 front matter（title: …）
    for line in continued_lines(lines):
        title, text = (out[-1].strip() if out else ""), line.strip()
        underline = re.fullmatch(r"={3,}|-{3,}|~{3,}", text)
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
        elif underline and title and not title.startswith(("#", "-", "*", "|", "`")):
            out[-1] = ("# " if "=" in text else "## ") + title
        elif not (underline and text[0] in "=~"):  # 标题上面的线
            out.append(line)
    return out + ["```"] * (directive == "code")
