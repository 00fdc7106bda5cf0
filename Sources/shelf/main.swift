import ShelfCLI

await ShelfMain.main()
