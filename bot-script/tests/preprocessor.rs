//! The preprocessor on synthetic files: includes, macros, conditionals, errors.

use bot_script::{
    ErrorKind, LimitSettings, MemorySource, Preprocessor, ScriptError, TokenKind, TokenStream,
};

fn source(files: &[(&str, &str)]) -> MemorySource {
    let mut source = MemorySource::new();
    for (name, text) in files {
        source.insert(name, text.as_bytes());
    }
    source
}

fn run(files: &[(&str, &str)], root: &str) -> Result<TokenStream, ScriptError> {
    Preprocessor::new(source(files)).preprocess_file(root)
}

/// The canonical text of `text` preprocessed alone.
fn canon(text: &str) -> String {
    run(&[("t.c", text)], "t.c")
        .unwrap_or_else(|e| panic!("{e}"))
        .canonical()
        .text
}

fn error(text: &str) -> ScriptError {
    run(&[("t.c", text)], "t.c").expect_err("must fail")
}

fn warnings(text: &str) -> Vec<String> {
    run(&[("t.c", text)], "t.c")
        .unwrap_or_else(|e| panic!("{e}"))
        .warnings
        .iter()
        .map(|w| w.message.clone())
        .collect()
}

#[test]
fn include_resolves_from_the_root_case_insensitively() {
    let files = [
        ("inv.h", "#define INVENTORY_ARMOR 1\n"),
        // A decoy beside the includer: botlib resolves from the root, not from bots/.
        ("bots/inv.h", "#define INVENTORY_ARMOR 99\n"),
        (
            "Shared/Fuzi.C",
            "weight \"a\" { return INVENTORY_ARMOR; }\n",
        ),
        (
            "bots/x_i.c",
            "#include \"INV.h\"\n#include \"shared\\\\fuzi.c\"\n#include <inv.h>\nend\n",
        ),
    ];
    let stream = run(&files, "bots/x_i.c").expect("preprocesses");
    assert_eq!(stream.canonical().text, "weight \"a\" { return 1 ; }\nend");
    // Positions name the file as written in the include, normalised to '/'.
    assert_eq!(&*stream.tokens[0].pos.file, "shared/fuzi.c");
    assert_eq!(
        stream.describe_position(0),
        "shared/fuzi.c:1:1 (included from bots/x_i.c:2:1)"
    );
    assert_eq!(stream.describe_position(stream.len() - 1), "bots/x_i.c:4:1");
    // Including a header twice redefines its macros, with a warning each time.
    assert_eq!(stream.warnings.len(), 1);
    assert!(
        stream.warnings[0]
            .message
            .contains("INVENTORY_ARMOR redefined")
    );
}

#[test]
fn include_stack_in_errors() {
    let files = [
        ("a.c", "x\n\n#include \"b.h\"\n"),
        ("b.h", "y\n  #include \"c.h\"\n"),
        ("c.h", "\n  z @\n"),
    ];
    let err = run(&files, "a.c").expect_err("must fail");
    assert_eq!(err.kind, ErrorKind::Lex);
    assert_eq!(
        err.to_string(),
        "c.h:2:5: can't read token: unexpected byte 0x40 (included from b.h:2:3, a.c:3:1)"
    );
    assert_eq!(err.diagnostic.include_stack.len(), 2);
    // Missing include: named, with the position of the file name.
    let files = [
        ("a.c", "#include \"b.h\"\n"),
        ("b.h", "\n#include \"nope.h\"\n"),
    ];
    assert_eq!(
        run(&files, "a.c").unwrap_err().to_string(),
        "b.h:2:10: cannot find include file \"nope.h\" (included from a.c:1:1)"
    );
    assert_eq!(run(&files, "a.c").unwrap_err().kind, ErrorKind::Include);
    // A missing root file.
    let err = run(&files, "zz.c").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Include);
    assert!(
        err.to_string().starts_with("zz.c: cannot read file"),
        "{err}"
    );
    // Leaving the root is refused.
    assert_eq!(error("#include \"../x.h\"").kind, ErrorKind::Include);
    assert_eq!(error("#include x.h").kind, ErrorKind::Directive);
    assert_eq!(error("#include\n\"x.h\"").kind, ErrorKind::Directive);
}

#[test]
fn include_depth_is_bounded() {
    let files = [("a.c", "#include \"a.c\"\n")];
    let err = run(&files, "a.c").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Limit);
    assert_eq!(err.diagnostic.include_stack.len(), 31);
    // A wide include tree is bounded by the number of files opened.
    let files = [
        ("a.c", "#include \"b.h\"\n#include \"b.h\"\n"),
        (
            "b.h",
            "#include \"c.h\"\n#include \"c.h\"\n#include \"c.h\"\n",
        ),
        ("c.h", "x\n"),
    ];
    let limits = LimitSettings {
        includes: 6,
        ..LimitSettings::default()
    };
    let err = Preprocessor::new(source(&files))
        .with_limits(limits)
        .preprocess_file("a.c")
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Limit);
}

#[test]
fn object_and_function_like_defines() {
    assert_eq!(
        canon("#define N 5\n#define ADD(a,b) a+b\nADD(N,2) ADD( N , (1,2) )"),
        "5 + 2 5 + ( 1 , 2 )"
    );
    // Function-like only when `(` follows the name with no whitespace.
    assert_eq!(canon("#define F (x)\nF"), "( x )");
    assert_eq!(canon("#define G() 7\nG()"), "7");
    // Arguments may span lines; a body may continue with `\`.
    assert_eq!(
        canon("#define SUM(a,b,c) a b \\\n c\nSUM(1,\n2,\n3) x"),
        "1 2 3\nx"
    );
    // Macros in a body expand in turn; #undef removes.
    assert_eq!(canon("#define A B\n#define B 3\nA\n#undef B\nA"), "3\nB");
    // A definition ends at the end of its line.
    assert_eq!(canon("#define E\nE x"), "x");
    // Directives may appear mid-line.
    assert_eq!(canon("a #define X 1\nX"), "a\n1");
    // Builtins.
    assert_eq!(canon("\n__LINE__ __FILE__"), "2 \"t.c\"");
    // Recursion stops: a macro is not expanded inside its own expansion.
    assert_eq!(canon("#define P Q\n#define Q P\nP Q"), "P Q");
    assert_eq!(
        canon("#define F(x) G(x)\n#define G(x) F(x)\nF(1)"),
        "F ( 1 )"
    );
}

#[test]
fn nested_arguments_keep_their_parentheses() {
    assert_eq!(canon("#define ID(x) [x]\nID((a,(b)))"), "[ ( a , ( b ) ) ]");
    assert_eq!(canon("#define TWO(x,y) x|y\nTWO((1,2),3)"), "( 1 , 2 ) | 3");
}

#[test]
fn macro_warnings() {
    assert_eq!(
        warnings("#define F(a,b) a b\nF(1)"),
        ["too few define parms for macro F (1 for 2); the rest are empty"]
    );
    assert_eq!(canon("#define F(a,b) a b\nF(1)"), "1");
    let w = warnings("#define A 1\n#define A 2\nA");
    assert_eq!(w.len(), 1);
    assert!(
        w[0].starts_with("A redefined (previous definition at t.c:1:9)"),
        "{w:?}"
    );
    let w = warnings("#define L L + 1\nL");
    assert!(w[0].contains("recursive use of L"), "{w:?}");
    assert_eq!(canon("#define L L + 1\nL"), "+ 1");
    // A function-like macro without `(` stays a name, with a warning (botlib: an error).
    let w = warnings("#define F(x) x\nF + 1");
    assert!(w[0].contains("used without arguments"), "{w:?}");
    assert_eq!(canon("#define F(x) x\nF + 1"), "F + 1");
    assert_eq!(warnings("#pragma once\nx"), ["#pragma ignored"]);
}

#[test]
fn macro_errors() {
    assert_eq!(
        error("#define F(a) a\nF(1,2)").to_string(),
        "t.c:2:1: too many arguments to macro F (2 for 1)"
    );
    assert_eq!(error("#define F(a,a) a").kind, ErrorKind::Macro);
    assert_eq!(error("#define F(a").kind, ErrorKind::Macro);
    assert_eq!(error("#define 5").kind, ErrorKind::Macro);
    assert_eq!(error("#define __LINE__ 1").kind, ErrorKind::Macro);
    assert_eq!(error("#undef __FILE__").kind, ErrorKind::Macro);
    assert_eq!(error("#define X ## a").kind, ErrorKind::Macro);
    assert_eq!(error("#define X a ##").kind, ErrorKind::Macro);
    assert_eq!(error("#define S(x) #y").kind, ErrorKind::Macro);
    assert_eq!(
        error("#define F(x) x\nF(1").to_string(),
        "t.c:2:1: unterminated argument list of macro F"
    );
}

#[test]
fn stringize_and_paste() {
    assert_eq!(
        canon("#define S(x) #x\nS(a + 1), S(\"q\")"),
        "\"a+1\" , \"\\\"q\\\"\""
    );
    assert_eq!(
        canon("#define P(a,b) a##b\nP(foo,bar) P(x,1) P(\"a\",\"b\") P(<,<=)"),
        "foobar x1 \"ab\" <<="
    );
    let pasted = run(&[("t.c", "#define P(a,b) a##b\nP(1,5)")], "t.c").unwrap();
    assert_eq!(pasted.tokens[0].number.map(|n| n.int), Some(15));
    assert_eq!(
        error("#define P(a,b) a##b\nP(+,foo)").to_string(),
        "t.c:2:1: pasting `+` and `foo` does not give a valid token"
    );
    // Object-like pasting, and pasting with an empty argument.
    assert_eq!(canon("#define O a ## b\nO"), "ab");
    assert_eq!(canon("#define P(a,b) a##b\nP(,x)"), "x");
}

#[test]
fn string_merging_after_expansion() {
    let stream = run(
        &[("t.c", "#define EC \"\\x19\"\nEC\"(\", EC \")\"|EC\":\"")],
        "t.c",
    )
    .unwrap();
    let strings: Vec<&[u8]> = stream
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::String)
        .map(bot_script::Token::as_bytes)
        .collect();
    assert_eq!(strings, [b"\x19(".as_slice(), b"\x19)", b"\x19:"]);
    assert_eq!(
        stream.canonical().text,
        "\"\\x19(\" , \"\\x19)\" | \"\\x19:\""
    );
    // Merging also joins strings separated by a directive line.
    assert_eq!(canon("\"a\"\n#define X 1\n\"b\""), "\"ab\"");
}

#[test]
fn conditionals() {
    assert_eq!(canon("#ifdef MISSIONPACK\nmp\n#else\nq3\n#endif"), "q3");
    assert_eq!(
        canon("#define A\n#ifdef A\na\n#endif\n#ifndef A\nna\n#endif"),
        "a"
    );
    // Nesting.
    assert_eq!(
        canon("#if 1\n#if 0\nx\n#else\ny\n#endif\n#else\nz\n#endif"),
        "y"
    );
    // C-correct #elif: an earlier taken branch disables the later ones.
    assert_eq!(canon("#if 1\nA\n#elif 1\nB\n#else\nC\n#endif"), "A");
    assert_eq!(
        canon("#if 0\nA\n#elif 1\nB\n#elif 1\nC\n#else\nD\n#endif"),
        "B"
    );
    assert_eq!(canon("#if 0\nA\n#elif 0\nB\n#else\nD\n#endif"), "D");
    // Nothing in a skipped group is evaluated or executed.
    assert_eq!(
        canon(
            "#if 0\n#if UNDEFINED_NAME\n#foo\n#include \"none.h\"\n#elif NOR_THIS\n#endif\n#endif\nok"
        ),
        "ok"
    );
    assert_eq!(
        canon("#if 0\n#define X 1\n#endif\n#ifdef X\nx\n#endif\nok"),
        "ok"
    );
    // defined, with and without parentheses.
    assert_eq!(
        canon("#define A 0\n#if defined(A) && !defined B\nyes\n#endif"),
        "yes"
    );
    // #if uses integer arithmetic.
    assert_eq!(canon("#if 0.5\nx\n#else\ny\n#endif"), "y");
    // Extra tokens after #endif warn.
    assert_eq!(warnings("#if 1\n#endif junk").len(), 1);
}

#[test]
fn conditional_errors() {
    let err = error("a\n  #if 1\nb\n");
    assert_eq!(err.kind, ErrorKind::Conditional);
    assert_eq!(err.to_string(), "t.c:2:3: #if without #endif");
    assert_eq!(
        error("#ifdef A\n").to_string(),
        "t.c:1:1: #ifdef without #endif"
    );
    assert_eq!(error("#endif").to_string(), "t.c:1:1: #endif without #if");
    assert_eq!(error("#else").kind, ErrorKind::Conditional);
    assert_eq!(
        error("#if 1\n#else\n#else\n#endif").to_string(),
        "t.c:3:1: #else after #else"
    );
    assert_eq!(
        error("#if 1\n#else\n#elif 1\n#endif").to_string(),
        "t.c:3:1: #elif after #else"
    );
    assert_eq!(error("#if\n#endif").kind, ErrorKind::Expression);
    assert_eq!(error("#ifdef\n#endif").kind, ErrorKind::Directive);
    // Conditionals close in the file that opened them.
    let files = [("a.c", "#if 1\n#include \"b.h\"\n"), ("b.h", "#endif\n")];
    assert_eq!(
        run(&files, "a.c").unwrap_err().to_string(),
        "b.h:1:1: #endif without #if (included from a.c:2:1)"
    );
    let files = [("a.c", "#include \"b.h\"\n#endif\n"), ("b.h", "#if 1\n")];
    assert_eq!(
        run(&files, "a.c").unwrap_err().to_string(),
        "b.h:1:1: #if without #endif (included from a.c:1:1)"
    );
    // Undefined names are errors, not 0.
    assert_eq!(
        error("#if FOO > 1\n#endif").to_string(),
        "t.c:1:5: undefined name `FOO` in expression"
    );
}

#[test]
fn directive_errors() {
    assert_eq!(
        error("x\n #foo bar").to_string(),
        "t.c:2:3: unknown directive #foo"
    );
    assert_eq!(error("#line 5").kind, ErrorKind::Directive);
    assert_eq!(
        error("#error stop here").to_string(),
        "t.c:1:1: #error stop"
    );
    assert_eq!(
        error("#\ndefine X").to_string(),
        "t.c:1:1: expected a directive name after `#` on the same line"
    );
    assert_eq!(error("x \"abc").to_string(), "t.c:1:3: unterminated string");
    assert_eq!(error("$foo(1)").kind, ErrorKind::Directive);
    assert_eq!(error("$evalint 1").kind, ErrorKind::Directive);
}

#[test]
fn defines_persist_and_global_defines() {
    let mut pre = Preprocessor::new(source(&[
        ("inv.h", "#define B 2\n#define A 1\n#define F(x) x\n"),
        ("x.c", "#include \"inv.h\"\n"),
        ("y.c", "A B MISSIONPACK\n"),
    ]));
    pre.define("MISSIONPACK", "1").unwrap();
    pre.define("TWICE(x)", "x x").unwrap();
    pre.preprocess_file("x.c").unwrap();
    assert_eq!(
        pre.preprocess_file("y.c").unwrap().canonical().text,
        "1 2 1"
    );
    let names: Vec<String> = pre.object_macros().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["MISSIONPACK", "B", "A"]);
    assert!(pre.is_defined("TWICE"));
    assert_eq!(
        pre.preprocess_bytes("z.c", b"TWICE(3)")
            .unwrap()
            .canonical()
            .text,
        "3 3"
    );
    assert!(pre.undefine("A"));
    assert!(!pre.undefine("A"));
    assert!(pre.define("__LINE__", "1").is_err());
}

#[test]
fn expansion_is_bounded() {
    // Exponential growth through distinct macros hits the expansion budget.
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!("#define M{i} M{} M{}\n", i + 1, i + 1));
    }
    text.push_str("M0\n");
    let err = error(&text);
    assert_eq!(err.kind, ErrorKind::Limit);
    // Deep nesting hits the depth limit.
    let limits = LimitSettings {
        expansion_depth: 8,
        ..LimitSettings::default()
    };
    let mut pre = Preprocessor::new(MemorySource::new()).with_limits(limits);
    let err = pre
        .preprocess_bytes("t.c", text.replace("M{} M{}", "").as_bytes())
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Limit);
}

#[test]
fn directive_lines() {
    // `\` continues any directive line.
    assert_eq!(canon("#if 1 + \\\n 1 == 2\nyes\n#endif"), "yes");
    // A definition ends at its line even when a string follows on the next line.
    assert_eq!(canon("#define X \"a\"\n\"b\", X \"c\""), "\"b\" , \"ac\"");
    // `#eval` and `#evalfloat` replace their line.
    assert_eq!(
        canon("#define W 250\n#eval W / 100\n#evalfloat W / 100"),
        "2\n2.5"
    );
    // A directive inside a skipped group that is not a conditional is ignored whole.
    assert_eq!(canon("#if 0\n#define Y (\n#endif\nY"), "Y");
    // Tokens after a skipped #if line are not read as the expression.
    assert_eq!(canon("#ifdef NOPE\n  a b c\n#endif\nd"), "d");
}
