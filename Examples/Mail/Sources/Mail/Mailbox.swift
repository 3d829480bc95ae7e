/// One message: who sent it, about what, when, and its text.
struct Message {
    var sender: String
    var subject: String
    var date: String
    var body: String
}

/// A named list of messages: Inbox, Sent, …
struct Mailbox {
    var name: String
    var messages: [Message]

    /// The app's mail, made up: a real app would read it from a server or a store.
    static let samples: [Mailbox] = [
        Mailbox(
            name: "Inbox",
            messages: [
                Message(
                    sender: "Ada Lovelace", subject: "Notes on the Analytical Engine", date: "09:41",
                    body: "Dear friend,\n\nThe engine weaves algebraic patterns just as the Jacquard loom weaves "
                        + "flowers and leaves. I enclose my notes; note G has the numbers of Bernoulli.\n\nAda"),
                Message(
                    sender: "Grace Hopper", subject: "Found a moth in relay 70", date: "Yesterday",
                    body: "First actual case of bug being found. Taped it into the log book.\n\nGrace"),
                Message(
                    sender: "Alan Turing", subject: "Can machines think?", date: "Monday",
                    body: "I propose to consider the question, \"Can machines think?\" Let us play a game of "
                        + "imitation instead.\n\nAlan"),
            ]),
        Mailbox(
            name: "Drafts",
            messages: [
                Message(
                    sender: "Me", subject: "Re: Can machines think?", date: "Tuesday",
                    body: "Alan, only if we let them take the test twice.")
            ]),
        Mailbox(
            name: "Sent",
            messages: [
                Message(
                    sender: "Me", subject: "Lunch on Friday?", date: "12 May",
                    body: "Shall we meet at noon, at the usual place?"),
                Message(
                    sender: "Me", subject: "The slides for Thursday", date: "10 May",
                    body: "Here they are — thirty-one slides, and no animations."),
            ]),
        Mailbox(name: "Junk", messages: []),
    ]
}
