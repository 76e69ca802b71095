"""离线演示认得的词：交互模式的开场白、每一类问题的关键词和问题里别的说法（小写以后比），每一类还问了什么（asks_of）。
它说的话在 sentences.py。"""

import re

# 交互模式的开场白（support/cli.py 交给 terminal.prepare_repl()）：离线回放认得的几类问题，中英文各一种问法
QUESTIONS = [
    tuple(row.split(" / "))
    for row in """
帮我看看这个项目用了什么技术栈 / What tech stack does this project use?
这个项目的入口文件是什么？ / What is the entry point?
搜索一下项目里有没有用到 lodash / Is lodash used anywhere?
帮我看看 tests 目录下有哪些测试文件 / Which test files are there?
这个项目是做什么的？ / What does this project do?
README.md 里写了什么？ / What does README.md say?
帮我看一下当前目录下都有些什么文件 / What files are in this directory?
检查一下当前 git 分支 / Which git branch am I on?
创建一个 hello.py 写入 print("hi") 然后运行它 / Create hello.py with print("hi") and run it
帮我统计当前目录下每个 .py 文件的行数 / Count the lines of each .py file
""".strip().splitlines()
]
INVENTORY = (
    "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？",
    "I need 3 boxes of red pens and 2 boxes of blue pens. Enough in stock? How much in total?",
)
DEMO_INTRO = "\n".join([
    "离线回放认得这几类问题（中文、英文都行，可以接着上一个问题问）/ The offline replay understands:",
    *(f"  {zh} / {en}" for zh, en in QUESTIONS),
    f"  在 examples/inventory 里 / in examples/inventory：{INVENTORY[0]} / {INVENTORY[1]}",
    "要执行的命令先给你看，答 y 才执行；输入不是终端时不执行，除非加 --yes / Each command is shown first and runs only if you answer y (with input from a pipe, only with --yes).",
])  # fmt: skip

# ── 听懂问题用的词（question.py）：问题先转成小写再找 ─────────────────────
DEFINED = r"(在?哪|哪个文件).{0,8}(定义|声明)|(定义|声明|实现)(在|位置)|的(定义|声明|实现)(?!了)|\b(definition|declaration|implementation) of\b|\bwhere\b.{0,80}\b(declared|implemented|imported from)\b|\bimported from\b|\bwhere\b.{0,80}\bdefined\b|\bdefined (where|in which)\b|\b(which|what) file\b.{0,60}\bdefined\b"  # “where is X defined”：问定义它的那一行
# 每一类问题的关键词：类 | 正则。按这个顺序认，一小句只算第一类（use 还要有库名，file 还要有文件名）；
# none 是认得、却不做的事（跑测试）：不当成别的一类，回答时照原话说没做
KINDS = [
    tuple(row.split(" | "))
    for row in r"""
tests | (怎么|咋|如何|怎样|用什么命令|什么命令)(来)?(跑|运行|执行|启动)(一下)?(这些|所有的?|全部的?|这个项目的|项目的)?(单元)?测试|(单元)?测试(又|还|要|该)?(怎么|咋|如何|怎样)(跑|运行|执行|启动)|测试(命令|脚本)|\bhow (do|can|should|would) (i|we|you) (run|execute) (all )?(the |these |my |its )?(unit )?tests?\b|\bhow to (run|execute) (all )?(the )?tests?\b|\b(which|what)('s| is)? (the )?command (runs|to run|do i use to run|should i use to run|for)( all)?( the)? tests?\b|\btest (command|script)\b
none | [a-z0-9_.@/-]+\s*的\s*依赖|\b(deps|dependencies) of (?!(this|the|my|our|your) (project|repo|app|codebase)\b)[a-z@]|(便宜|贵|打折|降价|优惠|特价)(一?点|些)?的话|\bif (it's|its|it is) (cheaper|on sale|discounted)\b|(开头|前面|后面|最上面|最下面|末尾)的?几?行|第\s*[一二三四五六七八九十\d]+\s*行|\b(top|bottom) of\b|\b(first|last|top|bottom) (\d+|two|three|four|five|few|several) lines?\b|[前后]\s*[\d两二三四五六七八九十几]+\s*行|\bonly the\b.{0,30}\blines?\b|(跑|运行|执行|\brun\b|\bexecute\b)[^，。？?]{0,12}(集成|端到端|\bintegration\b|\be2e\b|\bend-to-end\b)|\b(esm|commonjs|es ?modules?)\b|哪(个|种|样).{0,3}(库存|存货|价格|单价|价钱)(更|最)?(多|少|高|低|便宜|贵)|哪(个|种|样)(更|最)(多|少|便宜|贵)|\bwhich (one )?(has|is) (more|less|cheaper)\b|\b(can|could|will|would) you (deliver|ship)\b|\bdeliver(y|ed)? (by|on|to|tomorrow|today)\b|送货|配送|运费|快递|送到|模块(系统|规范|格式)|哪些(依赖|包|库).{0,20}(只|才|有关|相关)|(用|调用)(到|了)+(什么|哪些)(函数|方法)|\bwhat (functions|methods) (does|do|did)\b|\bwhich (dependencies|packages|deps|libraries)\b.{1,30}\b(only|related)\b|\bshould (i|we)\b|\bwhy\b|为什么|为啥|\b(latest|newest) version\b|最新的?版|应该(用|选|升级)|(推荐|建议)(用|哪)|\bdev\s*依赖|开发时?的?依赖|\bdev[ -]only\b|只在开发|开发时才|几倍|倍数|\bhow many times\b|\btimes (as|more)\b|所有的?分支|哪些分支|几个分支|分支列表|列出.{0,6}分支|合并|\bbranches\b|\bbranch (called|named)\b|\bmerged?\b|\bis there a branch\b|\bdev ?dependencies\b|\bpeer ?dependencies\b|开发依赖|生产依赖|\b(outside|except|excluding|other than|besides|apart from|beyond|but|not counting|not including|without)\b.{0,20}\btests?\b|(测试|\btests?\b).{0,8}(以外|之外|除外)|除了?.{0,10}(测试|\btests?\b)|(不算|除开|不包括|不含|排除|去掉).{0,6}(测试|\btests?\b)|\bleft (after|afterwards|over)\b|\b(would|will|would there|will there) be left\b|\bafterwards\b|\bremain(ing)? after\b|买完|买了(以后|之后)|(以后|之后)还剩|预算|买得起|(能|可以)买(几|多少)|\bbudget\b|\bto spend\b|\bafford\b.{0,40}\bwith \$?\d|\bhow many\b.{0,30}\bcan (i|we)( \w+)? (buy|get|afford)\b|\b\d+(\.\d+)? ?(cny|rmb|yuan)\b|(?:\d+(\.\d+)? ?(元|块钱)|(?<![\u4e00-\u9fff]\s)(?<![\u4e00-\u9fff])\d+(\.\d+)? ?块(?!\s*(?![钱吗吧呢了啊呀嘛么对左一够是的])(?:[\u4e00-\u9fff]|[a-z]{3})))(?!.{0,3}一)|including subfolders|包括子目录|子目录里的也算|\brecursive(ly)?\b|递归|\bline \d+\b|第 ?\d+ ?行|\bthe (end|last \w+) of\b|最后(几|一|\d)|末尾|结尾|太贵|贵不贵|\btoo (expensive|cheap)\b|\b(expensive|cheaper|pricey)\b|税|运费|重量|折扣|到货|卖了|销量|失败|没用到的|多余的|\b(tax|taxes|shipping|delivery|weight|discount|sold|sales|failing|failed|unused)\b|价值|值多少|总值|买空|美元|美金|欧元|日元|英镑|港币|\b(value|worth|left over|run out|usd|eur|jpy|gbp|hkd|dollars?|euros?|yen|pounds?)\b|过时|最新版本|升级到|漏洞|覆盖率|补货|几天|多久|要改吗|怎么改|总结|概括|翻译|\b(coverage|vulnerab\w*|outdated|up[ -]to[ -]date|restock|summari[sz]e|summary|translate)\b|(跑|运行|执行|\brun\b|\bexecute\b).{0,12}(测试|\btests?\b|pytest|test suite)|测试.{0,3}(跑|运行)(?!的)|比.{1,10}(贵|便宜|多|少)|\b(cheaper|dearer|pricier|more expensive|more|less|fewer) than\b|设为|设成|改为|改成\s*v?\d+(\.\d+)+|改到|升到|修改|更新|删除|删掉|重构|\bbump\w*\b|改写|迁移到|\b(refactor|rewrite|convert|migrate|port it|implement)\w*\b|\b(set|update|modify|delete|remove|change)\b.{0,40}\b(to|stock|file|price)\b|\bcommits?\b|提交|端口|监听|\bports?\b|\blisten(s|ing)?\b|哪几种商品|哪些商品|什么商品|几种商品|\b(which|what) (products|items|goods)\b|\bstock records\b|排序|最多的|最少的|(行数|行)最[多少]|最大|最小|平均|最长|最短|隐藏的?(文件|目录)|(多少|几)行是?注释|是空的|空的?文件|\b(sort(ed|ing)?|largest|smallest|biggest|longest|shortest|average|modified|hidden (files?|folders?)|empty (files?|folders?)|comment lines?|the (most|fewest|least))\b
branch | 分支|\bbranch\b
count | 几行|行数|多少行|\b(how many|number of) rows\b|\brow counts?\b|\bhow long (is|are)\b.{0,40}\b(files?|scripts?)\b|\bcount\b.{0,30}\blines?\b|\bline counts?\b|\bhow many lines\b|\blines of code\b|\bwc\b
ls | \bhow many (?!tests? )([\w.+-]+ )?files\b(?!.{0,30}\b(use[sd]?|import|imports|imported|mention|mentions|mentioned|contain|contains|reference|references|referenced|require|requires|required)\b)|(?<!在)(?<!在了)几个\s*(?:(?:\.[A-Za-z]\w{0,9}|(?i:python|javascript|typescript|py|js|ts|go|java|json|csv|ya?ml|md|txt|log|sh|html|css))\s*)?文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|(?<!在)(?<!在了)多少个?\s*(?:(?:\.[A-Za-z]\w{0,9}|(?i:python|javascript|typescript|py|js|ts|go|java|json|csv|ya?ml|md|txt|log|sh|html|css))\s*)?文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|\bfile count\b
ls | \bhow many\b(?!\s+(tests?|test cases|cases|lines|rows|commits|dependencies|packages|libraries|functions|classes|modules)\b).{0,40}\b(in|under|inside)\s+(the\s+)?([\w.-]+/|[\w.-]+ (folder|directory|dir)\b)|(目录|文件夹|[\w.-]+/)\s*(里|下|中)(面)?(一共|总共)?(有|共有)?(几|多少)个
inventory | 库存|多少钱|总价|单价|价格|够不够|够吗|够用|够的话|有货|还剩|还有多少|(还有|剩下?)几[盒支包瓶本箱枝张套把条根卷袋双台罐桶]|有多少[盒支个件包瓶本只箱枝张套把条根卷袋双台罐桶]?$|下单|订购|还有吗|有货吗|还有没有|(?!一个)[\d一二两三四五六七八九十百千万]\s*(?:[盒支个件包瓶本只箱枝张套把条根卷袋双台罐桶斤杯节米]|升(?!级)|公斤|千克)(?!\s*(库|文件|目录|文件夹|函数|依赖|包|模块|项目|测试|问题|地方|类|方法|命令))|\b(in stock|stock(?!\s*(/|folder|directory|dir|目录|文件夹))|enough|how much|total|price|costs?|available)\b|\bneed \d|\b\d+ (boxes|box|packs?|pieces?|bottles?|cartons?|cases?|sets?|units?) of\b|\bhow many\b(?!.{0,30}\b(files?|lines?|rows?|commits?|folders?|tests?(?! tubes?)|items?|dependencies|packages|libraries|modules|functions|classes)\b)|\b(sell|sold)\b|有卖|卖不卖|\bdo (you|we) (have|sell|stock)\b.{0,20}\b(pens?|pencils?|notebooks?)\b|\b(want|need|buy|order|take)\b.{0,12}\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten) (boxes|box|packs?|pieces?|bottles?|cartons?|cases?|units?)\b
file | (里|中)(面)?(都)?(写了|讲了|说了|写着|有|是)(些)?(什么|啥|些什么)|(写了|讲了|说了|写的是)(些)?(什么|啥)|内容|看看|打开|显示|读一下|读读|读取|\b(show|open|read|print|cat|says?|contains?)\b|\bwhat('s| is) in\b|\bwhat (does|do)\b.{0,40}\b(do|check|test|mean)s?\b|(测|查|做|干)(的是|了)?(什么|啥)
about | (做|干)(什么|啥)(用)?的|干嘛的|干嘛用|用来(做|干)|有什么用|介绍一下|简介|用途|\bwhat (does|is) (this|the|it)( project| repo| app| tool)?( (?!tests?\b|errors?\b|files?\b|functions?\b)\w+)? ?(do|for|about)\b|\bwhat('s| is) this (project|repo|repository|codebase)\b(?!'s)|\b(about|describe) (this|the) (project|repo)
stack | 用.{1,20}写的|用的是.{1,30}还是|版本号|(项目|包)(自己)?(的|是)?(什么|哪个|哪一个)?版本|\bwhat version is (it|this|my|our)\b|什么 ?\w{0,12} ?版本|什么语言|哪种语言|\b(what|which) (programming )?language\b|技术栈|框架|测试.{0,3}(用的是|用了|用)(什么|哪个|啥)|用什么(来)?测试|\btest(ing)? (framework|library|runner)\b|\bwhat\b.{0,20}\bfor testing\b|(用了|用到了?|使用了?)(什么|哪些|啥)|(什么|哪些|啥)(技术|依赖|库|框架)|依赖了?(什么|哪些|啥)|(什么|哪个|啥)版本|^\s*(这个|本)?(项目)?的?依赖(都|一共)?有(哪些|什么|啥)\s*[?？]?\s*$|^\s*(the |all )?deps\s*[?？]?\s*$|\b(what|which)\b.{0,40}\bdepends? on\s*[?？]?\s*$|\bstack\b|\bframeworks?\b|\btechnolog\w*|\bdependencies\b|\blibraries\b|\bbuilt with\b|\b(which|what) versions?\b|\bwhat \w+ versions?\b|(几|多少)个?依赖|\bwhat (libs|libraries|packages|deps|dependencies)\b|(?<![a-z0-9_.@/+-])[a-z][a-z0-9_.@/+-]*\s*(的|'s)?\s*(版本|versions?\b)|版本(是)?多少|\bwhat('s| is) the version\b|可选依赖|\bextras\b|\boptional[ -](dependencies|deps)\b
entry | 入口|启动(?!后|以后|之后|了)|(怎么|咋|怎样|如何)(运行|跑)(起来)?(?!\s*[A-Za-z]|\s*(集成|单元|端到端)?测试|\s*(代码)?检查)|\bentry(?: ?point)?|\bmain (file|script|module)\b|\bstarting point\b|\bhow (do i|to|can i) (run|start)\b(?!\s+(?:the |a |an |my )?(?:lint\w*|type ?check\w*|format\w*|benchmarks?|migrations?|integration|e2e|end-to-end|(?:unit )?tests?|build|docs|storybook|coverage)\b)|\bhow (do i|to|can i) use (it|this|the (cli|tool|command|command line|app|program))\b|\bwhere does .{0,30} start\b
use | 用到|用了|用在|使用|有用|有没有|是否|搜|找|提到|出现在|依赖|\b(use[sd]?|using|search|find|depends?|imports?|imported|requires?|mention(s|ed)?)\b
tests | 测试文件|测试目录|测试用例|\btest files?\b|\btests? (folder|directory|dir)\b|\bwhich tests\b|\bspecs?\b
ls | \blist (everything|all)\b
ls | (目录|文件夹|这里|这儿)(下|里|中)?(面)?(现在)?(都)?(有)?(些|哪些|什么|啥)|(里|下|中)(面)?(现在)?(都)?有些?(哪些|什么|啥)?(文件|东西)|列(出|一下|下)?.{0,12}(文件|目录|文件夹)|(?<!在)(?<!在了)多少个?\s*(?:(?:\.[A-Za-z]\w{0,9}|(?i:python|javascript|typescript|py|js|ts|go|java|json|csv|ya?ml|md|txt|log|sh|html|css))\s*)?文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|\bls\b|\blist\b.{0,15}\bfiles\b|\bwhat files\b|\bwhat('s| is) in (this |the |the current )?([\w./-]+ )?(dir|directory|folder)\b|\bhow many files\b(?!.{0,30}\b(use[sd]?|import|imports|imported|mention|mentions|mentioned|contain|contains|reference|references|referenced|require|requires|required)\b)|(?<!在)(?<!在了)几个\s*(?:(?:\.[A-Za-z]\w{0,9}|(?i:python|javascript|typescript|py|js|ts|go|java|json|csv|ya?ml|md|txt|log|sh|html|css))\s*)?文件(?!.{0,8}(用到|用了|引用|提到|包含|引入|导入|import|require))|多少项|(?<=[a-z0-9_/.-])\s*(里|下)(面)?(都)?有(些)?(啥|什么|哪些)(东西)?[?？]?$|\bwhat('s|s| is) in (the )?([\w.-]+/[\w./-]*|[\w.-]+ (folder|directory|dir)\b|(src|lib|app|tests?|docs|bin|scripts|examples|packages|config|public|static|assets)\b)
tests | 测试|\btests?\b(?! tubes?\b)
""".strip().splitlines()
]
CODE_WORDS = r"[A-Za-z_]\w*\s*的?\s*\S{0,6}(?:方法|函数|字段|变量|属性|定义|调用)|(?:定义|调用|导入)了?\s*[A-Za-z_]|类名|\b(?:the|this|that|my) \w+ (?:function|method|class)\b|\b(?:where|which file|what file)\b(?: is)? \S+ defined\b"
# “stock 下都有些什么文件”“依赖有多少”：问的是文件、依赖，不是库存
FILE_WORDS = r"|(?:什么|哪些)文件|\bfiles\b|依赖|\bdependenc"
# 问怎么运行、怎么跑测试时常说的对象（“start the server”“run the test suite”“本地跑起来”）：去掉了还剩别的（“with docker”
# “on Windows”“in parallel”），就是还要了别的，照原话说没做
RUN_OBJECTS = (
    r"\b(run|execute|server|service|app|application|project|program|tool|script|locally|suite|the tests?|tests|specs?"
    r"|all|every|everything|whole|entire|code|bot|game|website|site|api|backend|frontend|web|repo|repository|cli"
    r"|test cases|cases|command|machine|computer|first time|my|runs?|running|should|could|would|can|we|you|dev|where"
    r"|located|when|i'?m|i|developing|development)\b"
    r"|运行|跑|执行|启动|又|还|在|服务器?|项目|程序|应用|本地|起来|本机|电脑|全部|所有|开发|我|写的|的时候|时候|的话|的"
    r"|命令行|工具|脚本|要|应该|该|用|\b(up|thing|(from )?the command[- ]line)\b"  # dev：有 scripts.dev 就用它
)
# 问入口、测试却问的不是哪个文件、怎么跑：是不是某个文件、在哪一行、要多久（答的只是哪个文件、怎么跑：照原话说没做）
NOT_WHICH = (  # 还有：测试过没过、谁写的、入口的哪个函数、做什么，“用 jest 写的测试有哪些”
    r"[\w-]+\.(?:py|js|ts|go|rb|mjs|cjs)\b.{0,6}(?<!还)(?:是|\bis\b)|哪一?行|\bwhich line\b|\bhow (?:long|often|old|big)\b|多久"
    r"|\b(?:missing|not installed|deprecated|production(?! (?:service|app|server|project))|insecure|unsafe|most important)\b"
    r"|缺少|没装|不安全|最重要|生产环境|(?:什么|哪个|哪种)数据库|没用上|用不上|要升级|\b(?:what|which) databases?\b|\b(?:where|who)\b.{0,20}\bcalled\b|被.{0,4}调用|调用了?它"
    r"|^\s*is\s+[\w./-]+\.(?:py|js|ts|go|rb|mjs|cjs)\b|\bfail\w*|\bpass(?:es|ed)?\b|通过(?:了|吗|么|没)|失败|过了(?:吗|没)|挂|\bwho\b|谁|函数|\bfunction\b|\bwhat does\b.{0,30}\bdo\b"
    r"|用\s*\S+?\s*(?:写|做|开发)的(?![吗么呢啊呀吧嘛哈？?。！!\s]*$)|(?:哪些|哪个|\bwhich\b|\bwhat\b).{0,12}(?:是用|\bbuilt\b|\bwritten\b)"
)
WHICH_ONES = r"哪些|哪几|\bwhich (?!version)"  # 问的是其中哪一些（“哪些依赖没用上”）：别的词没认出就说没做
TEST_FILE = r"(?:^|/)(?:tests?|spec|__tests__)/|(?:^|/)test_|_test\.\w+$|\.(?:test|spec)\.\w+$"  # 测试文件的名字
TEST_OBJECT = r"测试(?!环境|数据|模式|服务)|\b(tests|specs|test suite|unit tests?)\b"  # 问的是测试（不是 test mode）
EXCEPT = (  # 列的、数的不是全部
    r"\b(other than|except|apart from|excluding|but not|without|besides|skipping|leaving out|exclude|ignor(?:e|ing)|minus"
    r"|aside|instead of|leav(?:e|ing) \S+ out)\b|除了|以外|之外|除外|不包括|不含|不算"
)  # 列的、数的不是全部
THINGS = (  # 列目录时问“有几张图片”：列出来的是全部，数不出是哪一种
    r"\bhow many (?!([\w.-]+ )?(files?|items?|entries|things|folders?|directories)\b)[a-z]"
    r"|(几|多少)(个|张|份)?(?![^，。？?]{0,8}(文件|项|东西|目录))[\w\u4e00-\u9fff]"
)
KEYWORDS = dict(KINDS)  # 每一类的关键词本身（不带下面加的条件）：从一句话里把它们都去掉时用
KINDS = [  # “price 在哪里被调用”也问 use，“X 在哪里定义”认得却不做；说到代码（“price 方法”“价格字段”）的不是库存问题
    (
        k,
        f"{p}|调用"
        if k == "use"
        else f"^(?![\\s\\S]*(?:{CODE_WORDS}{FILE_WORDS * (k == 'inventory')}))[\\s\\S]*?(?:{p})"
        if k in ("inventory", "stack")
        else f"{DEFINED}|{p}"
        if k == "none"
        else p,
    )
    for k, p in KINDS
]
KIND = dict(KINDS)  # 按类查它的关键词（同一类有几行的，用最后一行）
GOODS_WORDS = r"库存|单价|价格|多少钱|总价|有货|买|[盒支包瓶箱个本笔]|\b(stock|prices?|costs?|boxes|box|pens?|pencils?|notebooks?|packs?|buy|order)\b"  # 说的是商品
UNIT_PRICE = r"\bunit prices?\b|\bwhat do(es)? (they|it|one|each|(a|an|one|each) [a-z]+( [a-z]+)?) cost\b|\bwhat('s| is) the price\b|\bhow much (is|are|does) (one|a|each)\b|单价|[一每][盒支个件包瓶本只箱块卷台杯斤米节]多少钱|多少钱一[盒支个件包瓶本只箱块卷台杯斤米节]|\bhow much (is|are) (?!(?:it|that|this|they|those|these|both|my|our|your|the|everything|all)\b)[a-z]+( [a-z]+)?\s*[?？]?$|\b(how much|cost|costs|price|are they|is it)\b.{0,15}\beach\b|\beach (cost|costs|is|one)\b|\b(apiece|per (box|unit|pen|pack|piece|item|roll|bottle|bag|sheet|ream|kg|pound|dozen))\b"
# 要重新读：以前读到的不算（只说了这个的一小句不算没听懂）
FRESH = r"库存.{0,6}(改成|改为|调成|调到|设成|变成)|调整过|刚调整|补了?货|补过货|进了货|\b(rewr[io]t\w*|modified|restocked|refilled)\b|重新(读|看|查|搜)|重读|再(读|看|查|搜)一?(下|遍|次)|刷新|最新的?|(文件|数据|库存)?(我|已经)?(改过了?|改了|更新了|更新过|变了)|(刚|刚刚|已经)(加了|装了|删了|添加了|安装了|删除了)|\b(re-?read|re-?check|(read|check|search|look) (it |them |the (stock )?files? )?again|again|latest|refresh|(i )?(have |'ve )?(changed|updated|edited)( (it|the (stock )?files?))?|i (just |have just |'ve just )?(added|removed|installed|deleted|uninstalled))\b"
EACH_TEST = r"(测试|test)[^，。？?]{0,6}(里|中)(面)?(都)?(写了|写着|有)(些)?(什么|啥)|\bwhat('s| is) in (them|the tests?|the test files?)\b(?! (folder|directory|dir)\b)|\bwhat do(es)? the test files? (say|contain)\b|测试?了(什么|啥|哪些)|测的(是)?哪些|(几|多少)个?(测试)?(用例|函数|方法)|(几|多少)个测试(?!文件|目录)|\btest (cases?|functions?|methods?)\b|\bhow many tests\b|每个(测试)?(文件)?(测|是|检查)(的是)?(什么|啥)|分别测|各自测|测的是什么|\bwhat (each|every) (test|one|file)\b|\beach test\b|\bwhat do (they|the tests|those tests|these tests|those|these) (test|check|cover|verify)\b|测了?些?(什么|啥)|在测(什么|啥)|测试.{0,3}(检查|验证)了?些?(什么|啥)|测试是干(什么|嘛)的|\bwhat are (those|these|the) tests for\b|\bwhat (does|do) (the|this|that|each|every) tests?( files?)?\b.{0,20}\b(test|check|cover|do)\b"
# 一小句里连着问的几件事：strong 前后各拆开；其余（和、and）两边是不同的两类事才拆
JOINS = r"(?P<strong>并且|(?<!合)并(?![且发行])|而且|然后|接着|同时|\band then\b|\bthen\b|\band\b(?=\s+(?:please\s+)?(?:(?:on|in|at|for|from|by|with|to) (?:which|what|where)\b|what|which|where|how|is|are|does|do|can|could|who|why|when|uninstall|remove|delete|install|add|update|upgrade|fix|change|rename|replace|run|create|write|tell|show|explain|list|count|check|find|search|make|give|open|read|summari[sz]e|translate)\b))|和|、|以及|\band\b"
SOURCE_FILE = r"\.(py|pyi|ts|tsx|jsx|mjs|cjs|json|md|rst|txt|toml|ya?ml|cfg|ini|sh|go|rs|java|rb|php|c|h|cpp|html|css|vue|sql|ipynb)$"  # 文件名，不是库名（react.js 是库）
PURPOSE = r"干什么|做什么|干嘛|是干|用途|作用|\bpurpose\b|\bwhat (does|do)\b.{0,40}\bdo\b"  # 问一个文件做什么：只引内容，说不概括
STOCK_ASKED = r"(还有|还剩|剩下?|有)(多少|几(?=[盒支包瓶本箱枝张套把条根卷袋双台罐桶个件只]))(?!钱|个?文件)(库存)?|多少库存|库存.{0,4}多少|\bhow many\b.{0,20}\b(left|in stock|remain\w*)\b|\bstock (level|count)s?\b|\bhow much stock\b"  # 问的是有多少库存，不是够不够
# 数量要乘上别的：“3 boxes for each of 2 classes”“每班 3 盒”“要 2 份”：说的不是一共要多少
RUN_TESTS = r"\btest (command|script)\b|测试(命令|脚本)|\bcommand\b.{0,20}\btests?\b|\b(npm|yarn|pnpm)( run)? test\b"  # 问怎么跑测试（和 HOW 一起）
VERSION_OF = (  # 问了版本的库：“which version of React”“express是哪个版本”“the jest version”
    r"\bversions? of (?:the )?(@?[A-Za-z][A-Za-z0-9_@./+-]*(?:(?:,\s*|,?\s+and\s+)@?[A-Za-z][A-Za-z0-9_@./+-]*){0,4})",
    r"(?<![A-Za-z0-9_@./+-])((?:@?[A-Za-z][A-Za-z0-9_@./+-]*\s*(?:和|、|,|与|\band\b)\s*){0,4}@?[A-Za-z][A-Za-z0-9_@./+-]*)\s*(?:'s\s+)?(?:分别|各自)?(?:用的|的)?是?\s*(?:什么|哪个|哪一个|which|what)?\s*(?:versions?|版本)",
    r"用\s*(@?[A-Za-z][\w@./+-]*(?:\s*(?:还是|或者?|和)\s*@?[A-Za-z][\w@./+-]*)*)\s*(?:写|做|开发|搭)的[吗么呢啊呀吧嘛哈？?。\s]*$",
    r"\b(?:built|written|made) (?:with|in|using) (@?[A-Za-z][\w@./+-]*(?:\s*(?:or|and|,)\s*@?[A-Za-z][\w@./+-]*)*)\W*$",
)
TEST_FRAMEWORK = r"测试框架|测试(库|工具)|\btest(ing)? (framework|library|runner)s?\b"  # 问了用什么测试框架
DEPS = r"依赖|这些|各个?|每一?个|所有|\b(dependenc\w*|deps|packages|libraries|libs|each|every|all)\b"  # 问的是各个依赖的版本
DEP_COUNT = r"(几|多少)(个|种)?(第三方)?(依赖|包|库|框架)|(依赖|框架).{0,3}(几|多少)个|\bhow many\b.{0,30}\b(dependencies|deps|packages|libraries|libs|frameworks)\b|\bnumber of (dependencies|packages|deps|libraries|frameworks)\b|\bcount (the |all )?(dependencies|deps|packages|libraries)\b"
OWN_VERSION = r"(?<![a-z0-9_.@/-] )(?<![a-z0-9_.@/-])(这个|该|(?<![\u4e00-\u9fff])本)\s*(npm |软件)?(包|仓库)[^，。？?]{0,6}版本|\b(this|current) (package|library|repo)('?s)? version\b|(项目|这个|本项目)(自己)?(的|是)?(什么|哪个|哪一个)?版本号?|\bwhat version is (it|this|my|our|the)\b( (project|app|package))?|\bwhat version (is|'s) (it|this|the (project|app|package))\b|\bversion (number )?of (this|the) (project|app|package)\b|\b(project|app)('?s)? (own )?version\b|\bits (own )?version\b"  # 项目自己的版本号
OTHER_STEPS = r"(?i)\b(build|compile|deploy|install|set (it )?up|publish|release)\b|编译|构建|打包|部署|安装|发布"  # 运行、测试以外的几步
DEV_MODE = r"\b(?:dev|development) mode\b|开发模式"  # 问怎么启动时说的开发模式：就是 scripts.dev
HOW_LEAD = r"^(?:how (?:do|can|should|would|could) (?:i|we|you)|how to)\s+"  # 问怎么做的开头：“and …”的后一半也是
VERB = r"(?:run|start|launch|test|execute|build|install|deploy|serve)\b"  # 后一半以这些动词开头（“run the tests”）
HOW_USE = (  # 问几个、怎么用：不是用没用到
    r"几个(?!文件)|多少(?!个?文件)|\bhow (many|much)\b(?! files)"
    r"|\bhow (do|can|should|would) (i|we|you) use\b|\bhow to use\b|怎么用|如何使用|怎么使用|怎样使用"
)
HOW = r"怎么|咋|如何|怎样|什么命令|(启动|运行|测试|执行)的?命令|\b(start|run|test|launch) commands?\b|\bhow\b(?! (?:many|much|long|big|old|often)\b)|\b(which|what) command\b"  # 问的是怎么运行（入口、测试），不是让我运行
STACK_IF = (  # 问依赖时的条件：技术栈的回答（全部依赖）答不了
    r"\b(?:need(?:s)? updating|update|upgrade|remove|runtime|only (?:needed|used)|for development|licen[cs]es?|pinned"
    r"|exact versions?|test suite|orm|used (?:only )?by (?:the )?tests?)\b"
    r"|^\s*(?:are|do|does|is|can|will)\s+(?:the\s+|all\s+|my\s+|our\s+)?(?:dependencies|deps|libraries|packages)\b"
    r"|\b(?:does|do)\s+(?!(?:it|this|that|the|your|my|our)\b)[\w@./-]+\s+(?:depend on|need|require)\b|兼容|商用|没用到|用不到|可以删|运行时|许可证|锁定"
)
TEST_TYPES = (  # 只问某一种测试：列出的是全部测试文件
    r"\b(?:unit|integration|e2e|end-to-end|ui|db|api|smoke|functional|acceptance|regression|snapshot|performance|load"
    r"|v\d+)\s*(?:tests?\b|测试)|(?:单元|集成|端到端|接口|冒烟|回归|性能)测试"
)
HOW_DO = (  # 问怎么做（装、升级、配置）：技术栈的回答只说用了什么；“技术栈是怎样的”不是
    r"\bhow (?:do|can|should|would|could) (?:i|we|you) (?:install|upgrade|update|configure|set up|add|remove|pin)\b"
    r"|\bhow to (?:install|upgrade|update|configure|set up|add|remove|pin)\b"
    r"|(?:怎么|如何|怎样)(?:装|安装|升级|更新|配置|用|使用|设置|加|添加|删|去掉|换)"
)
ABOUT = (
    r"关于|\b(?:say|says|said|write|writes|written|mention\w*)\s+(?:about|on|regarding)\b"  # 文件里“关于 X 的”那部分
)
NOT_DONE = {  # 这一类的回答答不了的还问（条件、“除了”、是不是、怎么用、关于哪一部分）：照原话说没做
    "use": f"{HOW_USE}|{EXCEPT}",
    "entry": NOT_WHICH,
    "tests": f"{NOT_WHICH}|{TEST_TYPES}",
    "stack": f"{NOT_WHICH}|{HOW_DO}|{EXCEPT}|{STACK_IF}|{OWN_VERSION}|{DEP_COUNT}",  # 答的是依赖：不数、不说项目的版本
    "ls": EXCEPT,
    "count": EXCEPT,
    "file": f"{EXCEPT}|{ABOUT}",
}
MAKE = r"创建|新建|建一个|写一个|写入|\b(create|make|write)\b"  # 建文件：动词在文件名前面
NOT_PROJECT = (
    r"函数|方法|配置|这个类|脚本|分别|各自|这些|那些|每个|\b(functions?|methods?|class|config|dockerfile|makefile|scripts?"
    r"|each|every|these|those|they|them)\b"  # 问它们干什么（“这些脚本分别是干嘛的”）：不是问项目
    r"|^\W*[a-z][\w.-]{2,}\s*(?:是|这个|这个库|这个包)|\bwhat (?:is|does) (?!(?:this|the|it|that|my|our)\b)[a-z][\w.-]{2,} (?:used for|do|for)\b"
)  # 最后两种问的是一个库（“gunicorn 是干什么用的”“what is nodemon for”）
TOTAL = r"够|多少钱|总价|价钱|下单|\b(enough|cost|how much|afford|(the|a|grand) total|total (cost|price)|bill)\b|\btotal\s*[?？.!]*$"  # 要知道数量才答得了：够不够、要多少钱
EVERY_FILE = r"(每|各)一?个文件|(所有|全部)(的)?文件|\b(every|each) file|\ball (of )?(the )?files\b"  # 不只一种文件
SUM = r"一共|总共|合计|加起来|\b(total|altogether|in all|sum|combined)\b"  # 几种商品加在一起
STOCK_SUM = r"(库存|存货).{0,6}(一共|总共|合计|加起来)|(一共|总共|加起来).{0,6}(库存|存货)|\b(combined|total) stock\b|\bhow many\b.{0,40}\b(do|does) (we|you|they) have\b.{0,20}\b(in total|altogether|combined)\b"  # 问库存加起来
STOCK_TOTAL = (
    rf"{STOCK_ASKED}|\bhow many\b.{{0,40}}\b(do|does) (we|you|they) have\b|\b(combined|total) stock\b"  # 数库存
)
NOT_CARRIED = rf"{STOCK_ASKED}|^(?![\s\S]*(?:{SUM}|same|同样|一样))[\s\S]*?(?:{UNIT_PRICE}|(?<!总)价格|\bprice of\b)"  # 不沿用数量
FOLLOW_UP = r"呢\s*[？?]?\s*$|^\s*(那么?|要是|如果是|换成|改成)|^\s*(and|what about|how about)\b"  # 接着上一个问题问
# 接着前一句说的（不另算一件事）：问的本来就在这一类的回答里（在哪里、版本、路径、列出来……）
ON_TOPIC = {
    "ls": r"列(一下|出来)|分别|叫什么|名字|哪些|是什么|一共|总共|几个|多少个|包|\b(which|what are they|names?|how many|in total)\b",
    "inventory": r"够|多少|钱|价|数量|有吗|都有|几[盒支个件包]|如果|可以吗|行吗|能买到|现货|充足|足够|\b(how many|price|enough|total|available|in stock|if (so|yes|not)|possible|bill|if (that|it|this) (works|is ok|is fine)|each|cost)\b",
    "use": r"在?哪里|在?哪儿|在?(哪个|哪些)(文件|包|目录)(里|中)?|用在|在哪|用的|"
    r"\b(where|(in )?which (files?|notebooks?|scripts?|modules?|packages?|folders?)|or not|anywhere)\b"
    r"|\b(imports?|uses?) (it|them)\b",
    "stack": r"版本号?|前端|后端|依赖|要求|各个?|每一?个|\b(versions?|frontend|backend|dependencies|libraries|frameworks|needs?|requires?|required|depends?( on)?)\b",
    "entry": r"路径|哪个文件|文件|\b(path|which file|point|file|entry)\b",
    "tests": r"列出|列一下|叫什么|名字|哪些|分别|在哪(儿|里)?|哪儿|哪里|文件|\b(list|show|names?|called|where|files?)\b",
    "create": r"运行|执行|\b(run|execute|content|containing|with)\b",
}
# 问技术栈、入口、测试时不改变问题的词（只在 leftover() 里去掉；接着问时算不算“问的本来就在回答里”，还看 ON_TOPIC）
PLAIN = {
    "stack": r"用了|第三方|库|写在|列在|包|写的|里|中|技术|整个|仓库|工程|应用|程序|源码|源代码|代码|东西|在|我的?|引入|主要|都|一共"
    r"|能|告诉我|和|可选|\b(tech|web|and|optional|use[ds]?|using|third-party|listed|written|packages?|whole|application|code"
    r"|source|project|repo|my|declared|include[ds]?|rely|relies|pull(s|ed)? in|run|needed)\b",
    "entry": r"叫|名字|主|通过|目录|在哪|一个|脚本|模块|位置|命令行?|工具|程序|应用|仓库|工程|源码|代码|项目|整个"
    r"|\b((?:file|point|script) called|called|entrypoint|main|primary|execut\w*"
    r"|folder|directory|where|located|module|script|name|and|app|command[- ]line|commands?|application|program|code"
    r"|source|project|repo|starting|cli|tool)\b",
    "tests": r"文件夹|一共|总共|几个|多少个?|目录|有没有|代码|放|用例|脚本|找|仓库|相关|下面?|一个|命令(?!行)|该去|去哪|工程|源码"
    r"|里|中|整个|应用|程序|在|我的?|地方|想看看?|看看|\b(how many|number of|in total|folders?|director(y|ies)|any|there"
    r"|live|contain\w*|exist\w*|find|located|stored|kept|can|under|scripts?|repo|repository|spec\w*|code|have|has|whole"
    r"|application|source|project|my|all|see|include[ds]?|written|cases?)\b",
}
ASKING = r"这个|那个|项目|需要|付|什么|啥|哪|些|是|吗|呢|多少|充足|足够|吧|啊|的|了|有|都|也|么|谁|给出|给|说|列|分别|各自|具体|一下|\b(what|whats|which|who|is|are|was|were|will|would|do|does|did|we|us|our|have|has|got|the|a|an|it|its|they|them|of|in|on|for|s|me|show|give|tell|list|exactly|just|only|again|so|yes|not|that|this|those|these|actually|really|there|project|repo|app|package|codebase)\b"  # 问句里的虚词、请求的动词
FILLER = r"\bif (so|any)\b|(如果)?有的话|如果(有|用到了?|用了|是)(的话)?|现在|以下是|这是(数据|记录)|数据如下|附上|\bhere('s| is| are)\b|\b(the )?(stock )?(record|data)s?\b|\b(below|attached)\b|请问?|谢谢|多谢|感谢|谢了|辛苦了?|帮我|帮个忙|麻烦你?|好的?|你好|嗨|我想(知道|问问?|了解)|问一下|想问一下|告诉我|一下|[那就吧呀啊啦哈呢嘛哦嗯了你您]|\b(now|hmm|ok|okay|please|pls|plz|thanks|thank|thx|ty|you|so|much|a|lot|very|cheers|hi|hello|hey|well|quick|question|i|i'd|would|like|want|to|know|can|could|tell|me|wonder|great|cool|in|advance|and|also|but)\b"
# 只补了库名的一小句里可以有的词（“and also Jest”）
LINKING = set("and also too or plus as well what about how with is are".split())
# 常见的子项目目录，可能有自己的依赖清单（requirements/ 里是分开写的几份依赖）；“那 server 呢？”是目录，“那 react 呢？”是库名
PROGRAM = ("server", "app", "api", "application", "service")  # 没有这样的目录时，说的是这个程序（前端、client 不是）
SUBPROJECTS = set("web frontend backend client server ui api site app apps packages services requirements".split())
LANGUAGE_NAMES = set(
    "python python3 python2 py node node.js nodejs java go golang ruby php rust javascript js typescript ts".split()
)  # 问它：技术栈里的语言、运行时
LANGS = rf"\b(?:{'|'.join(map(re.escape, sorted(LANGUAGE_NAMES, key=len, reverse=True)))})\b"  # 问的是语言的版本

# ── 问题里别的说法（question.py）
ALSO_THERE = r"它们|它|只看|看看|\b(it|them|look|check)\b"  # 换个目录接着问时，不算别的话
REPEAT = r"两次|三次|几次|\d+\s*次|\btwice\b|\bthrice\b|\b\d+ times\b|python2|计时|后台|\b(time it|timing|background)\b"  # 运行几遍、怎样运行：离线回放只用 python 运行一次

# ── 接着问时的说法（followup.py）
DEICTIC = r"里面|那里|那儿|这里面|\b(in there|in it|inside it|in that folder|in those files)\b"  # 接着问时指上一个目录

# ── 库存问题里商品名两边的词、说数量不准的词、说什么时候要（orders.py）
# 改口、说不要哪一种、把一种换成另一种：订单变成什么不替用户猜，请他把整个订单再说一遍
CLOSING = r"谢谢|多谢|好的|没有了|就这些|\b(thanks|thank you|that's all|that is all|ok|okay|bye)\b"  # 问完了的客气话
REVISED = (
    r"(?<!对)不对|说错|错了|搞错|口误|更正|不好意思[，,]?\s*是|我是说|我的意思是|改成|改为|换成(?!人民币|美元|美金|欧元)|换为"
    r"|(?<![换交替转])换(?!算|成|为|季)|代替|变成|调成|改(?=\s*[\d一二两三四五六七八九十]|[红蓝黑绿白]?\w{0,3}[笔本纸])"
    r"|减到|减为|降到|加到|(?<!至)少(?=\s*[\d一二两三])|少要|照旧|(?<![要需用])(?:不要|不用(?!急|着急)|不需要)|别要|甭要|不买|不订|别买"
    r"|先不|不考虑|免了|删了|不想要|不想买|没必要|不再需要|别拿|先别|下回|改天|回头再|放一放|缓缓|拉倒|省省|当我没说|不算|去了|就免|想了想|留到|其实|等等|抱歉|重说|哦|呃|(?:^|[，,。\s])(?:嗯|额|噢)|啊不|——|应该是|还是.{0,8}(吧|好了)|准确地说|确切地说|要不|不如|替换|(?<![交])代(?=[\u4e00-\u9fff]{1,3}笔)|最好(?=\s*[\d一二两三四五六七八九十])|只(?=\s*(?:买|订|要|需要|拿|算))|就行|光要|仅要|别了|除外|暂缓|撤了|(?<![要好])不了|下次再|以后再|改订|改买|不必|用不着|作废|撤销|不拿|省了|只留|只要|拿走|拿掉|去掉|删掉|划掉|退掉|撤掉|取消|(?<!我)算了|算啦"
    r"|(?<![是还])不是|(?:^|[，。！？；,.!?;]\s*)不\s*[，,！!]|\b(sorry|actually|wait)\b|\b(correction|oops|i mean|i meant"
    r"|instead|in place of|scratch|make (it|that)|switch|swap|substitute|replace|bump|let's say|drop"
    r"|ditch|nix|take out|leave off|cancel\w*|forget|skip|never ?mind|no longer|without|except|(only|just) (the|buy|get|order|red|blue|black|green|\d)|zero|rather"
    r"|remov\w*|reduc\w*|chang\w*|swapp\w*|in lieu|pass on|up (it|that)|raise|lower|cut (it|that)|better \d|hmm"
    r"|don't order|let's not|scrap|delete|exclude|omit|off the list|next time|already have|decided against|not necessary"
    r"|no need|increas\w*|decreas\w*|rephrase|uh|um|er|erm|dropped|skipped|ditched|replaced|switched|excluded"
    r"|make (them|those|mine)|go with|go for|prefer|better yet|let's do|changed my mind|change of plan"
    r"|hold (the|off)|leave (the|out)|strike|lose the|minus the|on second thought|not needed|n't needed|won't need"
    r"|not (the|any|those|these|\d|red|blue|black|green))\b|\b(don't|do not) (need|want)\b"
    r"|(?:^|[.!?,;:，。？！；]\s*)no\b(?!\s+(?:problem|rush|hurry|worries|idea))|(?<!as )\bwell,"
)

# 商品、数量的词：量词、英文里认得的颜色和商品
UNITS = "盒支个件包瓶本只箱枝张套把条根卷袋双台罐桶斤升杯节米"  # 中文的量词（一打是 12 个：不是量词，没听懂）
EN_BOXES = (
    r"boxes|box|packs?|packets?|pieces?|pcs|bottles?|cartons?|cases?|sets?|units?|kgs?|loaves|bunches"  # 单说也是量词
)
EN_UNIT_WORDS = "pack piece bottle carton case set unit bag roll jar can tube sheet pair cup kg kilo lb gram g ml liter litre pad ream tin crate sack pouch bunch loaf rack tray spool reel sleeve bundle".split()
EN_UNITS = EN_BOXES + "|" + "|".join(f"{u}s?" for u in EN_UNIT_WORDS)
COLOUR = "red|blue|black|green"  # 英文问题里认得的颜色
EN_GOODS = dict(x.split(":") for x in "red:红 blue:蓝 black:黑 green:绿 pen:笔 pencil:铅笔 notebook:笔记本".split())
EN_SINGULAR = {u + "s": u for u in EN_UNIT_WORDS} | {"boxes": "box", "packets": "packet", "loaves": "loaf"}
SAME_UNIT = dict(
    x.split(":")
    for x in "box:盒 cup:杯 bottle:瓶 pack:包 bag:袋 kg:公斤 liter:升 litre:升 sheet:张 roll:卷 can:罐 pair:双 set:套 jar:罐 千克:公斤".split()
)
CJK = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
ASKS = {  # 每一类问题还可能问的：名字 → 词
    "entry": {"how": HOW},
    "inventory": {"total": TOTAL, "sum": SUM, "stock_sum": STOCK_SUM},
    "tests": {"every": EACH_TEST, "how": f"{HOW}|{RUN_TESTS}"},
    "stack": {"testing": TEST_FRAMEWORK},
    "file": {"purpose": PURPOSE},
    "use": {"files": r"\bhow many files\b|(几|多少)个?文件"},  # 数引入它的文件
}


def asks_of(kind: str, q: str) -> set:
    """这一类问题还问了什么（ASKS 里的名字）；问单价的不用知道要几盒。"""
    asks = {name for name, pattern in ASKS.get(kind, {}).items() if re.search(pattern, q)}
    counting = re.search(STOCK_TOTAL, q) and not re.search(r"够|钱|价|\b(enough|cost|price|how much|afford)\b", q)
    prices = "sum" in asks and re.search(r"单价|价格|价钱|\bprices?\b", q) and not re.search(r"库存|\bstock\b", q)
    asks = asks - {"sum"} | {"price_sum"} if prices else asks  # “单价加起来多少”：不是把库存加起来
    return asks - {"total"} if re.search(UNIT_PRICE, q) or counting else asks  # 单价、库存加起来：不用知道要几盒


def filler(clause: str) -> bool:
    """只是客气话、开场白（“谢谢”“thanks a lot”），或者只说了要重新读（Ask.fresh 记着）。"""
    return not re.sub(r"[\W_]+", "", re.sub(f"{FRESH}|{FILLER}", "", clause.lower()))
