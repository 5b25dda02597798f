//! The command line's build script has no work of its own: it exists for
//! its build-dependency (Cargo.toml), which only a package with a build
//! script brings into the build. It asks cargo to run it again only when it
//! changes, not at every change of the package.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
}
