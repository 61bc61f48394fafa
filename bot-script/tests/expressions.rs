//! `$evalint`, `$evalfloat`, `#eval` and `#if` expressions.

use bot_script::{ErrorKind, MemorySource, Number, Preprocessor, ScriptError, TokenStream};

fn run(text: &str) -> Result<TokenStream, ScriptError> {
    Preprocessor::new(MemorySource::new()).preprocess_bytes("t.c", text.as_bytes())
}

fn canon(text: &str) -> String {
    run(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .canonical()
        .text
}

fn int(expr: &str) -> String {
    canon(&format!("$evalint({expr})"))
}

fn float(expr: &str) -> String {
    canon(&format!("$evalfloat({expr})"))
}

fn error(text: &str) -> ScriptError {
    run(text).expect_err("must fail")
}

#[test]
fn operator_priorities() {
    // One case per adjacent pair of rows of the priority table (high → low).
    assert_eq!(int("!0*3"), "3"); // ! over *
    assert_eq!(int("~0*3"), "- 3"); // ~ over *
    assert_eq!(int("2+3*4"), "14"); // * over +
    assert_eq!(int("1+2<<3"), "24"); // + over <<
    assert_eq!(int("1<<2<3"), "0"); // << over <
    assert_eq!(int("1<2==1"), "1"); // < over ==
    assert_eq!(int("6&3==3"), "0"); // == over &
    assert_eq!(int("1^3&1"), "0"); // & over ^
    assert_eq!(int("1|2^3"), "1"); // ^ over |
    assert_eq!(int("0|1&&0|0"), "0"); // | over &&
    assert_eq!(int("1||0&&0"), "1"); // && over ||
    assert_eq!(int("0||1?5:6"), "5"); // || over ?:
    // Equal priorities left to right; parentheses first.
    assert_eq!(int("10-4-3"), "3");
    assert_eq!(int("100/10/5"), "2");
    assert_eq!(int("7%4*2"), "6");
    assert_eq!(int("(1+2)*3"), "9");
    assert_eq!(int("2*(3+(4-1))"), "12");
    assert_eq!(int("8>>1<=4"), "1");
    assert_eq!(int("3>=3!=0"), "1");
    assert_eq!(int("1 ? 2 : 3"), "2");
    // ?: nests to the right.
    assert_eq!(int("0 ? 1 : 0 ? 2 : 3"), "3");
    assert_eq!(int("1 ? 0 ? 7 : 8 : 9"), "8");
}

#[test]
fn integer_mode_truncates() {
    // botlib quirk L1: integer parts only.
    assert_eq!(int("250*0.1"), "0");
    assert_eq!(canon("#define GLW 400\n$evalint(GLW*0.1)"), "0");
    assert_eq!(int("2.9+2.9"), "4");
    assert_eq!(int("7/2"), "3");
    assert_eq!(int("0x10|010"), "24");
    let stream = run("$evalint(6*7)").unwrap();
    assert_eq!(
        stream.tokens[0].number,
        Some(Number {
            int: 42,
            float: 42.0,
            is_float: false
        })
    );
    assert_eq!(
        canon("#define ST_A 1\n#define ST_B 4\n$evalint(ST_A|ST_B)"),
        "5"
    );
}

#[test]
fn float_mode_is_exact_f32() {
    let stream = run("$evalfloat(0.1)").unwrap();
    let n = stream.tokens[0].number.unwrap();
    assert!(n.is_float);
    assert_eq!(n.float, f64::from(0.1_f32));
    assert_eq!(n.int, 0);
    assert_eq!(stream.canonical().text, "0.10000000149011612");
    assert_eq!(float("1/4"), "0.25");
    assert_eq!(float("250*0.1"), "25.0");
    assert_eq!(float("2<3"), "1.0");
    assert_eq!(float("2>3"), "0.0");
    assert_eq!(float("1/3"), format!("{}", f64::from(1.0_f32 / 3.0)));
    // The FP(x) clamp of the shared weight files.
    assert_eq!(
        canon(
            "#define FPA 2\n#define FP(x) (x < 0 ? 1 : x)\n$evalfloat(FP(FPA/20-20)) $evalfloat(FP(FPA/20))"
        ),
        "1.0 0.10000000149011612"
    );
}

#[test]
fn negative_results_become_minus_and_magnitude() {
    assert_eq!(int("1-5"), "- 4");
    assert_eq!(float("0.5-2"), "- 1.5");
    let stream = run("$evalint(-3)").unwrap();
    assert!(stream.tokens[0].is_punct("-"));
    assert_eq!(stream.tokens[1].number.map(|n| n.int), Some(3));
    // Unary minus applies to any operand here (botlib: only before a number).
    assert_eq!(int("-(2+3)"), "- 5");
    assert_eq!(int("- -2"), "2");
    assert_eq!(canon("#eval 1 - 3\nx"), "- 2\nx");
    assert_eq!(canon("#evalfloat 1/2"), "0.5");
}

#[test]
fn defined_and_macros_inside() {
    assert_eq!(
        canon("#define A 3\n$evalint(defined(A) + defined A + defined(B))"),
        "2"
    );
    assert_eq!(canon("#define A 3\n#define B (A*2)\n$evalint(B+1)"), "7");
    assert_eq!(canon("#define F(x) (x*x)\n$evalint(F(3))"), "9");
    // Nested $eval.
    assert_eq!(int("$evalint(2*3)+1"), "7");
    // Across lines.
    assert_eq!(canon("$evalint(1 +\n 2)"), "3");
}

#[test]
fn division_by_zero() {
    assert_eq!(
        error("$evalint(1/0)").to_string(),
        "t.c:1:11: division by zero"
    );
    assert_eq!(error("$evalint(1%0)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalfloat(1/0)").kind, ErrorKind::Expression);
    assert_eq!(error("#if 1/0\n#endif").kind, ErrorKind::Expression);
    // Integer mode truncates the divisor first: 1/0.5 divides by 0.
    assert_eq!(error("$evalint(1/0.5)").kind, ErrorKind::Expression);
    // Float mode: botlib rejects a divisor whose integer part is 0; here it warns (L11).
    let stream = run("$evalfloat(1/0.5)").unwrap();
    assert_eq!(stream.canonical().text, "2.0");
    assert_eq!(stream.warnings.len(), 1);
    assert!(stream.warnings[0].message.contains("integer part is 0"));
    // The side not taken is not evaluated.
    assert_eq!(int("0 && 1/0"), "0");
    assert_eq!(int("1 || 1/0"), "1");
    assert_eq!(int("1 ? 2 : 1/0"), "2");
}

#[test]
fn expression_errors() {
    assert_eq!(
        error("#define X 1\n  $evalint(X + FOO)").to_string(),
        "t.c:2:16: undefined name `FOO` in expression"
    );
    assert_eq!(error("$evalfloat(1|2)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalfloat(~1)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalfloat(3%2)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalfloat(1<<2)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(1++2)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(1+)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint()").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(1 2)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(1 ? 2)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(\"s\")").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(defined)").kind, ErrorKind::Expression);
    assert_eq!(error("$evalint(1+2").kind, ErrorKind::Expression);
    let overflow = error("$evalfloat(300000000000000000000000000000000000000.0*10)");
    assert_eq!(
        overflow.diagnostic.message,
        "the result is not a finite number"
    );
    let deep = format!("$evalint({}1{})", "(".repeat(200), ")".repeat(200));
    assert_eq!(error(&deep).kind, ErrorKind::Limit);
    let nested = format!("{}1{}", "$evalint(".repeat(100), ")".repeat(100));
    assert_eq!(error(&nested).kind, ErrorKind::Limit);
}

#[test]
fn public_evaluator() {
    use bot_script::expr::{Value, evaluate};
    use bot_script::{SourcePos, tokenize};
    let at = SourcePos::new("e.c".into(), 1, 1);
    let tokens = tokenize("e.c", b"2 * (3 + 4) - 1").unwrap().tokens;
    assert_eq!(
        evaluate(&tokens, false, &at, 64).unwrap().value,
        Value::Int(13)
    );
    assert_eq!(
        evaluate(&tokens, true, &at, 64).unwrap().value,
        Value::Float(13.0)
    );
    let tokens = tokenize("e.c", b"1 +\n  x").unwrap().tokens;
    let err = evaluate(&tokens, false, &at, 64).unwrap_err();
    assert_eq!(err.to_string(), "e.c:2:3: undefined name `x` in expression");
    let err = evaluate(&[], false, &at, 64).unwrap_err();
    assert_eq!(err.to_string(), "e.c:1:1: empty expression");
    let tokens = tokenize("e.c", b"1 / 0.25").unwrap().tokens;
    let evaluated = evaluate(&tokens, true, &at, 64).unwrap();
    assert_eq!(evaluated.value, Value::Float(4.0));
    assert_eq!(evaluated.warnings.len(), 1);
    assert_eq!(evaluated.warnings[0].0.column, 3);
}

#[test]
fn warnings_carry_the_include_stack() {
    let source = MemorySource::new()
        .with("a.c", "#include \"b.h\"\n")
        .with("b.h", "\"\\q\"\n#define X 1\n#define X 2\n");
    let stream = Preprocessor::new(source).preprocess_file("a.c").unwrap();
    let texts: Vec<String> = stream.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(
        texts.contains(
            &"b.h:1:2: warning: unknown escape char \\q (included from a.c:1:1)".to_owned()
        ),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"b.h:3:9: warning: X redefined (previous definition at b.h:2:9) (included from a.c:1:1)".to_owned()),
        "{texts:?}"
    );
}
