import { createContext, type RouterContextProvider } from "react-router";
import { pictureUploadSignedOut } from "./page-forms-pictures";

// Set by an upload route's action when it answers a signed-out editor, for the same request's loader.
const signedOutUploadAnswered = createContext<boolean>(false);

/**
 * The answer of a picture upload sent without JavaScript whose editor was signed out meanwhile: the
 * page saying so, with a way to sign in and back (`UploadSignedOutPage`). After a document's action,
 * React Router runs the route's loader in the same request to draw that page; the mark set here
 * tells the loader (`isSignedOutUploadAnswer`) to let it be drawn rather than send the visitor to
 * the login page, which would hide why the picture was not uploaded.
 */
export function signedOutUploadAnswer(context: Readonly<RouterContextProvider>): {
  error: string;
} {
  context.set(signedOutUploadAnswered, true);
  return { error: pictureUploadSignedOut };
}

/** Whether this request's action answered a signed-out editor's upload (see above). */
export function isSignedOutUploadAnswer(context: Readonly<RouterContextProvider>): boolean {
  return context.get(signedOutUploadAnswered);
}
