const app = require("../src/index");

test("app is an express application", () => {
  expect(typeof app.listen).toBe("function");
});
